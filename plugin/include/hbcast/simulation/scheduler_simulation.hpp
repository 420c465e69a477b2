#pragma once
#include <hbcast/simulation/simulate_options.hpp>
#include <hbcast/simulation/simulation_report.hpp>

#include <string>
#include <vector>

namespace hbcast::cli {

/// The platform `hbcast simulate` uses when none is given: $HBCAST_PLATFORM_DIR, the installed
/// data directory, then the source tree's platforms/, whichever has grid5000_88.xml first.
std::string default_platform_path();

/// Runs one scheduler end to end in this process: loads the platform in a new engine (exact
/// mode unless --cfg overrides it), builds the tree, predicts it under the scheduler's own model
/// and the pairwise model, replays it. One call per process (SimGrid has one engine per process).
SimulationReport simulate_scheduler(const SimulateOptions& options, const std::string& scheduler);

/// Who takes part in a broadcast: every host in hbcast's rank order, and the root.
struct BroadcastParticipants {
  std::vector<std::string> hosts;
  std::string root;
};

/// The hosts and root `simulate_scheduler` would use with these options, without building a
/// tree (for runs that are not hbcast's, e.g. SMPI's MPI_Bcast). One call per process.
BroadcastParticipants broadcast_participants(const SimulateOptions& options);

}  // namespace hbcast::cli
