#pragma once
#include <hbcast/simulation/simulate_options.hpp>

#include <iosfwd>

namespace hbcast::cli {

/// `hbcast simulate`: every requested scheduler in its own child process (simulate_scheduler),
/// then the report on `out` (schedulers' own messages on `err`). A scheduler that fails, times
/// out or does not apply is a row with its status; the others are reported. Returns 0 when every
/// requested scheduler ran, 1 otherwise (the failures listed on `err`). A bad option or an input
/// every scheduler fails on throws, with a one-line message (see run_reporting_errors); SIGINT and
/// SIGTERM kill the child and throw Interrupted.
int run_simulate(const SimulateOptions& options, std::ostream& out, std::ostream& err);

}  // namespace hbcast::cli
