#include <hbcast/sched/topo_prune_simple.hpp>

#include <hbcast/sched/link_pruning.hpp>
#include <hbcast/sched/topology_scheduling.hpp>

#include <algorithm>
#include <numeric>

namespace hbcast {

BroadcastTree topo_prune_simple_tree(const TopologyGraph& graph, NodeId source, double slice_bytes)
{
  LinkPruning pruning(graph, source);
  std::vector<double> time(pruning.link_count());
  for (std::size_t link = 0; link < time.size(); ++link)
    time[link] = graph.link_time(pruning.tail(link), pruning.head(link), slice_bytes);
  // Algorithm 1: L <- edges sorted by non-increasing weight T_uv.
  std::vector<std::size_t> heaviest_first(pruning.link_count());
  std::iota(heaviest_first.begin(), heaviest_first.end(), 0);
  std::stable_sort(heaviest_first.begin(), heaviest_first.end(),
                   [&](std::size_t a, std::size_t b) { return time[a] > time[b]; });
  for (std::size_t link : heaviest_first)
    pruning.try_remove(link);
  return tree_from_parents(graph, source, pruning.parents(), slice_bytes);
}

ScheduleResult schedule_topo_prune_simple(const BroadcastInstance& instance, NodeId root)
{
  const TopologyGraph& graph = checked_topology(instance, root, "prune-simple");
  return platform_graph_schedule(topo_prune_simple_tree(graph, root, instance.transfer_bytes()));
}

}  // namespace hbcast
