#include <hbcast/platform_graph/topo_prune_simple.hpp>

#include <hbcast/platform_graph/link_pruning.hpp>
#include <hbcast/platform_graph/topology_scheduling.hpp>

#include <vector>

namespace hbcast {

BroadcastTree topo_prune_simple_tree(const TopologyGraph& graph, NodeId source, double slice_bytes)
{
  // Algorithm 1: L <- edges sorted by non-increasing weight T_uv.
  const std::vector<double> time = graph.link_times(slice_bytes);
  return prune_in_order(graph, source, slice_bytes, [&](std::size_t a, std::size_t b) { return time[a] > time[b]; });
}

ScheduleResult schedule_topo_prune_simple(const BroadcastInstance& instance, NodeId root)
{
  const TopologyGraph& graph = checked_topology(instance, root, "prune-simple");
  return platform_graph_schedule(topo_prune_simple_tree(graph, root, instance.transfer_bytes()));
}

}  // namespace hbcast
