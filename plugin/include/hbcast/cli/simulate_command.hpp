#pragma once
#include <hbcast/cli/simulate_options.hpp>
#include <hbcast/cli/simulation_report.hpp>

#include <iosfwd>
#include <string>

namespace hbcast::cli {

/// The platform `hbcast simulate` uses when none is given: $HBCAST_PLATFORM_DIR, the installed
/// data directory, then the source tree's platforms/, whichever has grid5000_88.xml first.
std::string default_platform_path();

/// Runs one scheduler end to end in this process: loads the platform in a new engine (exact
/// mode unless --cfg overrides it), builds the tree, predicts it under the scheduler's own model
/// and the pairwise model, replays it. One call per process (SimGrid has one engine per process).
SimulationReport simulate_scheduler(const SimulateOptions& options, const std::string& scheduler);

/// `hbcast simulate`: every requested scheduler in its own child process, then the report on
/// `out` (schedulers' own messages on `err`). A scheduler that fails, times out or does not apply
/// is a row with its status; the others are reported. Returns 0 when every requested scheduler
/// ran, 1 otherwise (the failures listed on `err`). A bad option or an input every scheduler
/// fails on throws, with a one-line message (see run_reporting_errors); SIGINT and SIGTERM kill
/// the child and throw Interrupted.
int run_simulate(const SimulateOptions& options, std::ostream& out, std::ostream& err);

}  // namespace hbcast::cli
