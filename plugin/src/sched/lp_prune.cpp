#include <hbcast/sched/lp_prune.hpp>

#include <hbcast/sched/link_pruning.hpp>
#include <hbcast/sched/topology_scheduling.hpp>

#include <algorithm>
#include <numeric>
#include <tuple>

namespace hbcast {

BroadcastTree lp_prune_tree(const TopologyGraph& graph, NodeId source, const std::vector<double>& edge_loads,
                            double slice_bytes)
{
  require_edge_loads(graph, edge_loads);
  LinkPruning pruning(graph, source);
  std::vector<double> time(pruning.link_count());
  for (std::size_t link = 0; link < time.size(); ++link)
    time[link] = graph.link_time(pruning.tail(link), pruning.head(link), slice_bytes);
  // Algorithm 6 as its prose states it: the links carrying the fewest slices go first.
  std::vector<std::size_t> least_used_first(pruning.link_count());
  std::iota(least_used_first.begin(), least_used_first.end(), 0);
  std::stable_sort(least_used_first.begin(), least_used_first.end(), [&](std::size_t a, std::size_t b) {
    return std::tie(edge_loads[a], time[b]) < std::tie(edge_loads[b], time[a]);
  });
  for (std::size_t link : least_used_first)  // one pass: a link kept once is kept for good
    pruning.try_remove(link);
  return tree_from_parents(graph, source, pruning.parents(), slice_bytes);
}

ScheduleResult schedule_lp_prune(const BroadcastInstance& instance, NodeId root)
{
  const TopologyGraph& graph = checked_topology(instance, root, "lp-prune");
  const double slice_bytes = instance.transfer_bytes();
  const auto edge_loads = steady_state_edge_loads(graph, root, slice_bytes);
  return platform_graph_schedule(lp_prune_tree(graph, root, edge_loads, slice_bytes));
}

}  // namespace hbcast
