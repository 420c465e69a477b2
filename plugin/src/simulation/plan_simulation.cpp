#include <hbcast/simulation/plan_simulation.hpp>

#include <fmt/format.h>

#include <hbcast/core/slice_interleaving.hpp>
#include <hbcast/core/tree_validation.hpp>
#include <hbcast/eval/atomic_evaluator.hpp>
#include <hbcast/eval/form_timeline.hpp>
#include <hbcast/eval/pipeline_evaluator.hpp>
#include <hbcast/eval/plan_period.hpp>
#include <hbcast/plan/plan_json.hpp>
#include <hbcast/plan/plan_tree.hpp>
#include <hbcast/platform/exact_mode.hpp>
#include <hbcast/platform/loaded_platform.hpp>
#include <hbcast/platform/platform_cost_model.hpp>
#include <hbcast/platform/platform_link_model.hpp>
#include <hbcast/replay/multi_tree_broadcast.hpp>
#include <hbcast/replay/multi_tree_form_replay.hpp>
#include <hbcast/replay/replay_tree.hpp>

#include <simgrid/s4u/Engine.hpp>

#include <cmath>
#include <stdexcept>

namespace hbcast::cli {

namespace {

// SimGrid keeps its clock to surf/precision (1e-9 s): past about 10^7 s a double no longer holds
// such steps, and SimGrid 3.32 drops the events that follow (a send held until 1e8 s never
// arrives; 1e7 s still does, measured here). A plan's send starts must stay below.
constexpr double kLatestStart = 1e7;

// Plan tree `index` on the platform's hosts, checked: its errors name the tree.
BroadcastTree platform_tree(const BroadcastPlan& plan, std::size_t index, const LoadedPlatform& platform)
{
  const auto& edges = plan.trees[index].edges;
  for (std::size_t k = 0; k < edges.size(); ++k)
    if (edges[k].start && *edges[k].start > kLatestStart)
      throw PlanError(fmt::format("plan tree {}, edge {}: \"start\" {:g} s is beyond what SimGrid times at its "
                                  "precision (1e-9 s): send starts must be at most {:g} s",
                                  index, k, *edges[k].start, kLatestStart));
  try {
    BroadcastTree tree = to_broadcast_tree(plan.trees[index], platform.host_names(), plan.root);
    validate_tree(tree, platform.host_names());
    return tree;
  } catch (const std::exception& error) {
    throw PlanError("plan tree " + std::to_string(index) + ": " + error.what());
  }
}

// A multi-tree plan: predicted by predict_plan (its busiest port, arc or shared link),
// replayed with the slices interleaved by weight.
PlanFigures simulate_multi_tree(simgrid::s4u::Engine& engine, const LoadedPlatform& platform,
                                const PlatformCostModel& costs, const BroadcastPlan& plan, double message_bytes,
                                PortModel port, double envelope_bytes)
{
  std::vector<BroadcastTree> trees;
  std::vector<double> weights;
  for (std::size_t t = 0; t < plan.trees.size(); ++t) {
    trees.push_back(platform_tree(plan, t, platform));
    weights.push_back(plan.trees[t].weight);
  }
  PlanFigures figures;
  if (plan.form != "concurrent") {
    const double bytes = std::round(message_bytes);
    if (bytes < static_cast<double>(plan.slices))
      throw std::invalid_argument("a multi-tree form needs at least one byte per slice");
    const FormMessage message{static_cast<std::size_t>(bytes), plan.slices, 1.0, envelope_bytes};
    const FormReplayOptions options{message.count, message.slices, envelope_bytes, "hbcast-plan"};
    if (plan.form == "capped") {
      figures.predicted = capped_timeline(trees, weights, plan.form_slices, costs, message).makespan;
      figures.simulated =
          replay_capped(engine, trees, weights, plan.form_slices, plan.receives_posted, platform.hosts(), options)
              .makespan;
    } else {
      const PeriodicSchedule schedule = to_periodic_schedule(plan, platform.host_names());
      figures.predicted = periodic_timeline(trees, weights, schedule, costs, message).makespan;
      figures.simulated = replay_periodic(engine, trees, weights, schedule, platform.hosts(), options).makespan;
    }
    return figures;
  }
  const PlatformLinkModel links(platform);
  figures.predicted =
      predict_plan(trees, weights, costs, slice_size(message_bytes, plan.slices), plan.slices, port, &links).makespan;
  figures.simulated = replay_multi_tree(engine, trees, interleave_trees(weights, plan.slices), platform.hosts(),
                                        {message_bytes, plan.slices, port, "hbcast-plan"})
                          .makespan;
  return figures;
}

}  // namespace

PlanFigures simulate_plan(const std::string& platform_path, const BroadcastPlan& plan, double message_bytes,
                          double envelope_bytes)
{
  std::string name = "hbcast", quiet = "--log=xbt_cfg.thres:warning";
  char* argv[] = {name.data(), quiet.data(), nullptr};
  int argc = 2;
  simgrid::s4u::Engine engine(&argc, argv);
  set_exact_mode(engine);
  const auto platform = LoadedPlatform::load(engine, platform_path);
  const PlatformCostModel costs(platform);
  const PortModel port = parse_port_model(plan.port).value();
  if (plan.trees.size() > 1 || plan.form != "concurrent")
    return simulate_multi_tree(engine, platform, costs, plan, message_bytes, port, envelope_bytes);
  const BroadcastTree tree = platform_tree(plan, 0, platform);
  PlanFigures figures;
  figures.predicted = plan.slices == 1 ? evaluate_atomic(tree, costs, message_bytes, port).makespan
                                       : evaluate_pipelined(tree, costs, slice_size(message_bytes, plan.slices),
                                                            plan.slices, port).makespan;
  figures.simulated =
      replay_tree(engine, tree, platform.hosts(), {message_bytes, plan.slices, port, "hbcast-plan"}).makespan;
  return figures;
}

}  // namespace hbcast::cli
