#include <hbcast/link_aware/paced_search.hpp>

#include <hbcast/eval/link_prediction.hpp>
#include <hbcast/eval/pipeline_evaluator.hpp>
#include <hbcast/link_aware/link_retiming.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace hbcast {

double paced_makespan(const BroadcastTree& tree, const CostModel& costs, double slice_bytes, std::size_t slices)
{
  double fill = 0.0;
  for (NodeId u = 0; u < tree.size(); ++u)
    for (NodeId child : tree.children(u))
      fill = std::max(fill, tree.send_start(child).value_or(0.0) + costs.transfer_time(u, child, slice_bytes));
  return fill + static_cast<double>(slices - 1) * tree.slice_period();
}

BroadcastTree paced_at_its_span(BroadcastTree tree, const CostModel& costs, double slice_bytes)
{
  tree.set_slice_period(0.0);
  const double fill = paced_makespan(tree, costs, slice_bytes, 1);
  tree.set_slice_period(fill);
  return tree;
}

BroadcastTree best_paced_tree(const std::function<std::optional<BroadcastTree>(double)>& build,
                              const LinkRouteModel& links, const CostModel& costs, double slice_bytes,
                              std::size_t slices, PortModel port, double lowest, BroadcastTree fallback)
{
  if (slices < 2)
    throw std::invalid_argument("best_paced_tree: a paced broadcast has at least two slices");
  const double fallback_period = fallback.slice_period();
  const double rounds = static_cast<double>(slices - 1);
  std::optional<BroadcastTree> best;
  double best_makespan = std::numeric_limits<double>::infinity();
  auto consider = [&](std::optional<BroadcastTree> tree) {
    if (!tree)
      return false;
    const double makespan = paced_makespan(*tree, costs, slice_bytes, slices);
    if (makespan >= best_makespan)
      return false;
    best_makespan = makespan;
    best = std::move(tree);
    return true;
  };
  // Coarse: periods a quarter octave apart, while (K - 1) P can still beat the best.
  double best_period = 0.0;
  if (lowest > 0.0 && std::isfinite(lowest))
    for (int k = 0; k < 64; ++k) {
      const double period = lowest * std::exp2(0.25 * k);
      if (period >= fallback_period || rounds * period >= best_makespan)
        break;
      if (consider(build(period)))
        best_period = period;
    }
  // Fine: a sixteenth of an octave apart below the best coarse period.
  if (best_period > 0.0)
    for (int k = 1; k < 4; ++k)
      consider(build(best_period * std::exp2(-0.0625 * k)));
  consider(std::move(fallback));
  // The best tree re-paced at its own bound (the larger of its ports' and its links' periods) and a
  // little above: the tree was built for a period of the grid, which its shape may not need.
  const BroadcastTree chosen = *best;
  BroadcastTree unpaced = chosen;
  unpaced.set_slice_period(0.0);
  const double bound =
      std::max(steady_state_period(unpaced, costs, slice_bytes, port), link_period(unpaced, links, slice_bytes));
  for (double factor : {1.0, 1.0 + 1e-9, 1.01, 1.03, 1.06, 1.1})
    if (bound * factor < chosen.slice_period())
      consider(pace_under_link_capacity(unpaced, links, costs, slice_bytes, port, bound * factor));
  return std::move(*best);
}

double shortest_transfer_from(const LinkRouteModel& links, NodeId root, double bytes)
{
  double shortest = std::numeric_limits<double>::infinity();
  std::shared_ptr<const LinkRoute> holder;
  for (NodeId v = 0; v < links.host_count(); ++v)
    if (v != root) {
      const LinkRouteView route = links.route_view(root, v, holder);
      shortest = std::min(shortest, route.latency + bytes / route.bandwidth);
    }
  return shortest;
}

}  // namespace hbcast
