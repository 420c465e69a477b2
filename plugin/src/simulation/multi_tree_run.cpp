#include <hbcast/simulation/multi_tree_run.hpp>

#include <hbcast/core/slice_interleaving.hpp>
#include <hbcast/eval/pipeline_evaluator.hpp>
#include <hbcast/eval/plan_period.hpp>
#include <hbcast/platform/activity_breadcrumb.hpp>
#include <hbcast/replay/multi_tree_broadcast.hpp>
#include <hbcast/simulation/replay_figures.hpp>

#include <fmt/format.h>

#include <numeric>

namespace hbcast::cli {
namespace {

// A plan's figures with the prediction's fill and the given period.
Figures plan_figures(const PlanPrediction& prediction, double period, double slice_bytes, std::size_t slices)
{
  Figures figures;
  figures.makespan = prediction.fill + static_cast<double>(slices - 1) * period;
  figures.period = period;
  figures.throughput = slice_bytes / period;
  return figures;
}

}  // namespace

void simulate_multi_tree_plan(SchedulerRun& run, const std::vector<WeightedTree>& plan, simgrid::s4u::Engine& engine,
                              const std::vector<simgrid::s4u::Host*>& hosts, const CostModel& pairwise,
                              const LinkRouteModel* links, const SimulateOptions& options, PortModel port)
{
  const double slice_bytes = slice_size(options.message_bytes, options.slices);
  std::vector<double> weights;
  std::vector<BroadcastTree> trees;
  for (const auto& [weight, tree] : plan) {
    weights.push_back(weight);
    trees.push_back(tree);
  }
  run.plan_weights = weights;
  run.own_model += fmt::format(" ({} trees)", plan.size());
  // Own: the program's optimum the weights sum to (a given plan packs none: the pairwise model is
  // its own). Pairwise: the plan's own busiest resource.
  const PlanPrediction prediction = predict_plan(trees, weights, pairwise, slice_bytes, options.slices, port, links);
  const double optimum_period = 1.0 / std::accumulate(weights.begin(), weights.end(), 0.0);
  run.pairwise = plan_figures(prediction, prediction.period, slice_bytes, options.slices);
  run.own = run.steady_state_optimum ? plan_figures(prediction, optimum_period, slice_bytes, options.slices)
                                     : run.pairwise;
  if (options.keep_trees)
    for (const auto& tree : trees) {
      run.plan_children.emplace_back();
      for (NodeId u = 0; u < tree.size(); ++u)
        run.plan_children.back().push_back(tree.children(u));
    }
  if (!options.replay)
    return;
  set_activity("replaying the multi-tree plan");
  const ReplayResult replay =
      replay_multi_tree(engine, trees, interleave_trees(weights, options.slices), hosts,
                        {options.message_bytes, options.slices, port, "hbcast-" + run.scheduler});
  record_replay(run, replay, options.slices);
}

}  // namespace hbcast::cli
