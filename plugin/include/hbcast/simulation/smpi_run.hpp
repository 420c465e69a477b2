#pragma once
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace hbcast::cli {

/// One run of the SMPI timing program (libhbcast_mpi's hbcast_mpi_time, compiled with smpicxx).
struct SmpiRun {
  std::string platform;                    ///< SimGrid platform XML
  std::vector<std::string> hosts;          ///< rank r runs on hosts[r] (the hostfile)
  std::vector<std::string> config;         ///< extra key:value settings, e.g. smpi/bcast:NAME
  std::vector<std::string> program_arguments;
  /// Asked while smpirun runs: true ends it (SmpiStopped is then thrown).
  std::function<bool()> stop = {};
  /// Preload SMPI's MPI_Waitall in index order (smpi_waitall_library()): for SMPI's own MPI_Bcast
  /// algorithms, whose segmenting forms wait for thousands of requests at once. Same simulated times.
  bool waitall_in_order = false;
};

/// Thrown by run_smpi_timing when SmpiRun::stop ended the run.
class SmpiStopped : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// Ranks above which smpirun gets small actor stacks without guard pages (contexts/stack-size,
/// contexts/guard-size:0), as hbcast's own replay does on large platforms: with one guard page
/// per stack, SimGrid runs out of memory maps near 30,000 actors.
constexpr std::size_t kSmpiSmallStackRanks = 20000;

/// SMPI's settings for an exact comparison with hbcast's exact mode: CM02 without cross traffic
/// or TCP window, SMPI's latency and bandwidth factors 1 (defaults x11.64, x0.94), no benchmarked
/// computation, every send synchronous (below 64 KiB SMPI would detach sends, which then
/// overlap like a multi-port sender's), and no time injected by MPI_Wtime (1e-8 s by default).
const std::vector<std::string>& smpi_exact_settings();

/// SMPI 3.32's MPI_Bcast algorithms (--cfg=smpi/bcast:NAME), as its collective table lists them,
/// but "automatic" (a selector that runs every algorithm). Some deadlock in 3.32 on some
/// platforms (arrival_pattern_aware, SMP_linear): SMPI reports it, and so does the baseline.
const std::vector<std::string>& smpi_bcast_algorithms();

/// SMPI adds this many bytes to every message it simulates (hard-coded in its requests).
constexpr double kSmpiEnvelopeBytes = 16.0;

/// The timing program: $HBCAST_SMPI_PROGRAM, the build tree's, or the installed one, whichever
/// exists first. Throws std::runtime_error when none does.
std::string smpi_timing_program();

/// The library that replaces SMPI 3.32's MPI_Waitall (N waitany calls over all N requests, O(N^2)
/// wall time) by waits in index order: $HBCAST_SMPI_WAITALL when it is set (empty or missing: none),
/// else the build tree's or the installed one, whichever exists first; empty when none does (the
/// runs then take SMPI's own waitall).
std::string smpi_waitall_library();

/// Runs `smpirun` on the timing program and returns the simulated seconds it printed ("time T":
/// from the moment every rank is ready to the last rank's return). Throws std::runtime_error
/// with SMPI's first error line when it fails (a deadlock SMPI detected, an MPI error, an
/// abort), SmpiStopped when `run.stop` ended it.
double run_smpi_timing(const SmpiRun& run);

}  // namespace hbcast::cli
