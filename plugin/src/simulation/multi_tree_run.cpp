#include <hbcast/simulation/multi_tree_run.hpp>

#include <hbcast/core/slice_interleaving.hpp>
#include <hbcast/eval/atomic_evaluator.hpp>
#include <hbcast/eval/pipeline_evaluator.hpp>
#include <hbcast/platform/activity_breadcrumb.hpp>
#include <hbcast/replay/multi_tree_broadcast.hpp>

#include <fmt/format.h>

#include <algorithm>

namespace hbcast::cli {
namespace {

Figures plan_prediction(const std::vector<WeightedTree>& plan, const CostModel& pairwise, double slice_bytes,
                        std::size_t slices, PortModel port)
{
  double slices_per_second = 0.0, fill = 0.0;
  for (const auto& [weight, tree] : plan) {
    slices_per_second += weight;
    fill = std::max(fill, evaluate_atomic(tree, pairwise, slice_bytes, port).makespan);
  }
  Figures figures;
  figures.makespan = fill + static_cast<double>(slices - 1) / slices_per_second;
  figures.period = 1.0 / slices_per_second;
  figures.throughput = slices_per_second * slice_bytes;
  return figures;
}

}  // namespace

void simulate_multi_tree_plan(SchedulerRun& run, const std::vector<WeightedTree>& plan, simgrid::s4u::Engine& engine,
                              const std::vector<simgrid::s4u::Host*>& hosts, const CostModel& pairwise,
                              const SimulateOptions& options, PortModel port)
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
  run.own = run.pairwise = plan_prediction(plan, pairwise, slice_bytes, options.slices, port);
  set_activity("replaying the multi-tree plan");
  const ReplayResult replay =
      replay_multi_tree(engine, trees, interleave_trees(weights, options.slices), hosts,
                        {options.message_bytes, options.slices, port, "hbcast-" + run.scheduler});
  run.simulated.makespan = replay.makespan;
  if (options.slices > 1) {
    run.simulated.period = replay.period;
    run.simulated.throughput = replay.throughput;
    run.observed_period = replay.observed_period;
  }
  run.transfers = replay.transfer_count;
  if (options.keep_trees)
    for (const auto& tree : trees) {
      run.plan_children.emplace_back();
      for (NodeId u = 0; u < tree.size(); ++u)
        run.plan_children.back().push_back(tree.children(u));
    }
}

}  // namespace hbcast::cli
