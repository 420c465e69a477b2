#include <hbcast/simulation/plan_simulation.hpp>

#include <hbcast/core/tree_validation.hpp>
#include <hbcast/eval/atomic_evaluator.hpp>
#include <hbcast/eval/pipeline_evaluator.hpp>
#include <hbcast/plan/plan_json.hpp>
#include <hbcast/plan/plan_tree.hpp>
#include <hbcast/platform/exact_mode.hpp>
#include <hbcast/platform/loaded_platform.hpp>
#include <hbcast/platform/platform_cost_model.hpp>
#include <hbcast/replay/replay_tree.hpp>

#include <simgrid/s4u/Engine.hpp>

namespace hbcast::cli {

PlanFigures simulate_plan(const std::string& platform_path, const BroadcastPlan& plan, double message_bytes)
{
  if (plan.trees.size() != 1)
    throw PlanError("plans of several trees cannot be replayed yet (this one has " +
                    std::to_string(plan.trees.size()) + ")");
  std::string name = "hbcast", quiet = "--log=xbt_cfg.thres:warning";
  char* argv[] = {name.data(), quiet.data(), nullptr};
  int argc = 2;
  simgrid::s4u::Engine engine(&argc, argv);
  set_exact_mode(engine);
  const auto platform = LoadedPlatform::load(engine, platform_path);
  const PlatformCostModel costs(platform);
  const BroadcastTree tree = to_broadcast_tree(plan.trees.front(), platform.host_names(), plan.root);
  validate_tree(tree, platform.host_names());
  const PortModel port = parse_port_model(plan.port).value();
  PlanFigures figures;
  figures.predicted = plan.slices == 1 ? evaluate_atomic(tree, costs, message_bytes, port).makespan
                                       : evaluate_pipelined(tree, costs, slice_size(message_bytes, plan.slices),
                                                            plan.slices, port).makespan;
  figures.simulated =
      replay_tree(engine, tree, platform.hosts(), {message_bytes, plan.slices, port, "hbcast-plan"}).makespan;
  return figures;
}

}  // namespace hbcast::cli
