#include <hbcast/simulation/multi_tree_run.hpp>

#include <hbcast/core/slice_interleaving.hpp>
#include <hbcast/eval/atomic_evaluator.hpp>
#include <hbcast/eval/pipeline_evaluator.hpp>
#include <hbcast/eval/plan_period.hpp>
#include <hbcast/platform/activity_breadcrumb.hpp>
#include <hbcast/replay/multi_tree_broadcast.hpp>
#include <hbcast/simulation/replay_figures.hpp>

#include <fmt/format.h>

#include <algorithm>

namespace hbcast::cli {
namespace {

// A pipelined plan's figures: the fill (the slowest tree's one-slice makespan), then a slice per period.
Figures pipelined_figures(double fill, double period, double slice_bytes, std::size_t slices)
{
  Figures figures;
  figures.makespan = fill + static_cast<double>(slices - 1) * period;
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
  double slices_per_second = 0.0, fill = 0.0;
  for (const auto& [weight, tree] : plan) {
    weights.push_back(weight);
    trees.push_back(tree);
    slices_per_second += weight;
    fill = std::max(fill, evaluate_atomic(tree, pairwise, slice_bytes, port).makespan);
  }
  run.plan_weights = weights;
  run.own_model += fmt::format(" ({} trees)", plan.size());
  // Own: the program's optimum the weights sum to. Pairwise: the plan's own busiest resource.
  run.own = pipelined_figures(fill, 1.0 / slices_per_second, slice_bytes, options.slices);
  run.pairwise =
      pipelined_figures(fill, plan_period(trees, weights, pairwise, slice_bytes, port, links), slice_bytes, options.slices);
  set_activity("replaying the multi-tree plan");
  const ReplayResult replay =
      replay_multi_tree(engine, trees, interleave_trees(weights, options.slices), hosts,
                        {options.message_bytes, options.slices, port, "hbcast-" + run.scheduler});
  record_replay(run, replay, options.slices);
  if (options.keep_trees)
    for (const auto& tree : trees) {
      run.plan_children.emplace_back();
      for (NodeId u = 0; u < tree.size(); ++u)
        run.plan_children.back().push_back(tree.children(u));
    }
}

}  // namespace hbcast::cli
