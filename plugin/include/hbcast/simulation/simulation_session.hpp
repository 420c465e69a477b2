#pragma once
#include <hbcast/simulation/simulate_options.hpp>
#include <hbcast/simulation/simulation_report.hpp>
#include <hbcast/model/broadcast_instance.hpp>
#include <hbcast/platform/loaded_platform.hpp>
#include <hbcast/platform/platform_cost_model.hpp>

#include <simgrid/s4u/Engine.hpp>

#include <memory>
#include <string>
#include <vector>

namespace hbcast::cli {

/// A platform read once for a whole `simulate` (or sweep point): the SimGrid engine with the
/// platform loaded (exact mode unless --cfg overrides it), the pairwise model, the root, the
/// members, and the instance every scheduler sees with its shared models (sender-only times,
/// latency grouping, platform graph). A process that holds a session may fork one child per
/// scheduler: each inherits all of it, engine included, and replays in its own copy (SimGrid
/// allows one engine per process, and nothing has run in it yet).
class SimulationSession {
public:
  /// Loads the platform and builds the pairwise model; `progress` hears of the route probing.
  SimulationSession(const SimulateOptions& options, const PlatformCostModel::Progress& progress = {});
  SimulationSession(const SimulationSession&) = delete;
  SimulationSession& operator=(const SimulationSession&) = delete;

  /// Builds the models the schedulers share now rather than in each scheduler.
  void build_shared_models() const { instance_->build_shared_models(); }
  /// Runs one scheduler: its tree, both predictions and the replay. The replay runs the engine,
  /// so call it once per process (in a forked child when there are several schedulers).
  SimulationReport simulate(const std::string& scheduler_name) const;

private:
  SimulateOptions options_;
  std::vector<std::string> arguments_;
  std::unique_ptr<simgrid::s4u::Engine> engine_;
  LoadedPlatform platform_;
  std::shared_ptr<PlatformCostModel> costs_;
  std::shared_ptr<BroadcastInstance> instance_;
  NodeId root_ = 0;
  std::vector<NodeId> members_;
  SimulationReport header_;  ///< the report without runs
};

}  // namespace hbcast::cli
