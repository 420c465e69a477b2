#include <hbcast/platform_graph/lp_prune.hpp>

#include <hbcast/platform_graph/link_pruning.hpp>
#include <hbcast/platform_graph/topology_scheduling.hpp>

#include <tuple>

namespace hbcast {

BroadcastTree lp_prune_tree(const TopologyGraph& graph, NodeId source, const std::vector<double>& edge_loads,
                            double slice_bytes)
{
  require_edge_loads(graph, edge_loads);
  const std::vector<double> time = graph.link_times(slice_bytes);
  // Algorithm 6 as its prose states it: the links carrying the fewest slices go first.
  return prune_in_order(graph, source, slice_bytes, [&](std::size_t a, std::size_t b) {
    return std::tie(edge_loads[a], time[b]) < std::tie(edge_loads[b], time[a]);
  });
}

ScheduleResult schedule_lp_prune(const BroadcastInstance& instance, NodeId root)
{
  return schedule_load_guided(instance, root, "lp-prune", lp_prune_tree);
}

}  // namespace hbcast
