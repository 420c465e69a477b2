#include <hbcast/platform_graph/multiport_prune_degree.hpp>

#include <hbcast/platform_graph/topo_prune_degree.hpp>
#include <hbcast/platform_graph/topology_scheduling.hpp>

#include <algorithm>

namespace hbcast {

BroadcastTree multiport_prune_degree_tree(const TopologyGraph& graph, NodeId source, double slice_bytes)
{
  // Section 3.2: T_period(u) = max(delta_out(u) * send_u, max_i T_uv_i).
  auto multiport_load = [&](NodeId u, const std::vector<double>& kept_link_times) {
    const double slowest = kept_link_times.empty()
                               ? 0.0
                               : *std::max_element(kept_link_times.begin(), kept_link_times.end());
    return std::max(static_cast<double>(kept_link_times.size()) * graph.send_overhead(u, slice_bytes), slowest);
  };
  return prune_by_node_metric(graph, source, slice_bytes, multiport_load);
}

ScheduleResult schedule_multiport_prune_degree(const BroadcastInstance& instance, NodeId root)
{
  const TopologyGraph& graph = checked_topology(instance, root, "multiport-prune-degree");
  return platform_graph_schedule(multiport_prune_degree_tree(graph, root, instance.transfer_bytes()));
}

}  // namespace hbcast
