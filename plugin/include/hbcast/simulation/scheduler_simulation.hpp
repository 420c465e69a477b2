#pragma once
#include <hbcast/simulation/simulate_options.hpp>
#include <hbcast/simulation/simulation_report.hpp>

#include <string>

namespace hbcast::cli {

/// The platform `hbcast simulate` uses when none is given: $HBCAST_PLATFORM_DIR, the installed
/// data directory, then the source tree's platforms/, whichever has grid5000_88.xml first.
std::string default_platform_path();

/// Runs one scheduler end to end in this process: loads the platform in a new engine (exact
/// mode unless --cfg overrides it), builds the tree, predicts it under the scheduler's own model
/// and the pairwise model, replays it. One call per process (SimGrid has one engine per process).
SimulationReport simulate_scheduler(const SimulateOptions& options, const std::string& scheduler);

}  // namespace hbcast::cli
