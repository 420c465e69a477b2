#pragma once
#include <hbcast/model/broadcast_instance.hpp>
#include <hbcast/platform/loaded_platform.hpp>
#include <hbcast/platform/platform_cost_model.hpp>
#include <hbcast/platform/platform_link_model.hpp>
#include <hbcast/simulation/background_steady_state.hpp>
#include <hbcast/simulation/platform_graph_choice.hpp>
#include <hbcast/simulation/session_platform.hpp>
#include <hbcast/simulation/simulate_options.hpp>
#include <hbcast/simulation/simulation_report.hpp>

#include <simgrid/s4u/Engine.hpp>

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hbcast::cli {

/// A platform read once for a whole `simulate`: the SimGrid engine with the
/// platform loaded (exact mode unless --cfg overrides it), the pairwise and link models, the root,
/// the members and the instance every scheduler sees with its shared models (sender-only times,
/// latency grouping). A process holding a session forks one child per scheduler: each inherits all
/// of it, engine included, and replays in its own copy (one engine per process, and nothing has
/// run in it before the fork).
class SimulationSession {
public:
  /// Loads the platform and builds the pairwise model; `progress` hears of the route probing.
  explicit SimulationSession(const SimulateOptions& options, const PlatformCostModel::Progress& progress = {});
  /// A session on a platform loaded beforehand (load_session_platform), whose file, --cfg and
  /// --log stand for `options`' own.
  SimulationSession(std::shared_ptr<SessionPlatform> platform, const SimulateOptions& options);
  SimulationSession(const SimulationSession&) = delete;
  SimulationSession& operator=(const SimulationSession&) = delete;
  ~SimulationSession();

  /// Builds the models the schedulers share now rather than in each scheduler's child, where that
  /// is cheap (the costs are a table: host blocks, or at most kEagerCheckLimit hosts); elsewhere
  /// each scheduler builds what it uses in its own child.
  void build_shared_models() const;
  /// Builds the platform graph of the schedulers that need one, as each would attach it, for them
  /// to share, and, when `solve_program` (a scheduler needs the steady-state optimum, as lp-prune
  /// does), starts solving its steady-state program in a child process, so that the other
  /// schedulers can run meanwhile.
  void start_platform_graph(bool solve_program);
  /// From now on the schedulers that need a platform graph share that one (without the program's
  /// solution until finish_steady_state); returns the seconds building it took.
  double share_platform_graph();
  /// Waits for the program's solution until `deadline` at most and hands it to the graph's
  /// instance. Returns the seconds the child spent solving (0 when there was nothing to solve), or
  /// nullopt when the deadline passed first (the child is then killed); throws std::runtime_error
  /// when solving failed.
  std::optional<double> finish_steady_state(std::chrono::steady_clock::time_point deadline);
  /// Runs one scheduler, or replays one of options.given_trees, by its name: its platform graph,
  /// tree, both predictions and the replay (none when options.replay is false). The replay runs
  /// the engine, so call it once per process (in a forked child when there are several schedulers).
  SimulationReport simulate(const std::string& scheduler_name);
  /// The report every scheduler's starts from: the platform, the options, no runs.
  const SimulationReport& header() const { return header_; }

private:
  SimulateOptions options_;
  std::shared_ptr<SessionPlatform> loaded_;
  const LoadedPlatform& platform_;
  std::shared_ptr<PlatformCostModel> costs_;
  std::shared_ptr<PlatformLinkModel> links_;
  std::shared_ptr<BroadcastInstance> instance_;
  std::shared_ptr<BroadcastInstance> graph_instance_;  ///< with the graph, when built beforehand
  std::shared_ptr<PlatformLinkModel> graph_links_;     ///< its own link ids, as in a scheduler's child
  std::optional<AttachedPlatformGraph> graph_;
  SteadyStateProgram graph_program_;
  std::unique_ptr<BackgroundSteadyState> graph_solving_;
  double graph_build_seconds_ = 0.0;
  NodeId root_ = 0;
  std::vector<NodeId> members_;
  SimulationReport header_;  ///< the report without runs
};

/// For a process that exits once its report is out: the session is left to the exit rather than
/// freed piece by piece (the platform, its models, a route per host in the link model), unless
/// SimGrid's tracer needs the engine's teardown to close its file.
void leave_to_exit(std::unique_ptr<SimulationSession> session);

}  // namespace hbcast::cli
