#pragma once
#include <hbcast/simulation/simulate_options.hpp>

#include <iosfwd>

namespace hbcast::cli {

/// `hbcast simulate`: every requested scheduler in its own child process (simulate_scheduler),
/// then the report on `out` (schedulers' own messages on `err`). Returns 0; a bad option or a
/// failed run throws, with a one-line message (the command prints it, see run_reporting_errors).
int run_simulate(const SimulateOptions& options, std::ostream& out, std::ostream& err);

}  // namespace hbcast::cli
