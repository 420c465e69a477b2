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
  const TopologyGraph& graph = checked_topology(instance, root, "lp-prune");
  const double slice_bytes = instance.transfer_bytes();
  const auto edge_loads = steady_state_edge_loads(instance, root);
  return platform_graph_schedule(lp_prune_tree(graph, root, edge_loads, slice_bytes));
}

}  // namespace hbcast
