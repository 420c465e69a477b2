#pragma once
#include <hbcast/simulation/session_platform.hpp>
#include <hbcast/simulation/simulate_options.hpp>
#include <hbcast/simulation/simulation_report.hpp>

#include <iosfwd>
#include <memory>

namespace hbcast::cli {

/// `hbcast simulate`: every requested scheduler in its own child process (simulate_scheduler),
/// then the report on `out` (schedulers' own messages on `err`). A scheduler that fails, times
/// out or does not apply is a row with its status; the others are reported. Returns 0 when every
/// requested scheduler ran, 1 otherwise (the failures listed on `err`). A bad option or an input
/// every scheduler fails on throws, with a one-line message (see run_reporting_errors); SIGINT and
/// SIGTERM kill the child and throw Interrupted.
int run_simulate(const SimulateOptions& options, std::ostream& out, std::ostream& err);

/// What run_simulate reports, as data: the same checks, runs and MPI baselines, no output files.
/// With `loaded` (load_session_platform of the same platform, --cfg and --log), the schedulers
/// run on it, each in a child of this process (whose engine must not have run), as run_simulate's
/// child runs them after loading the platform; without it, as run_simulate does. Throws as
/// run_simulate does.
SimulationReport simulate_report(const SimulateOptions& options, std::ostream& err,
                                 const std::shared_ptr<SessionPlatform>& loaded = nullptr);

}  // namespace hbcast::cli
