#include <hbcast/platform_graph/topo_grow_tree.hpp>

#include <hbcast/platform_graph/topology_scheduling.hpp>
#include <hbcast/platform_graph/tree_growing.hpp>

namespace hbcast {

BroadcastTree topo_grow_tree(const TopologyGraph& graph, NodeId source, double slice_bytes)
{
  std::vector<double> out_degree(graph.size(), 0.0);  // OutDegree(u): sum of T over u's tree children
  GrowthRule rule;
  rule.rank = [](const CandidateLink& link) { return link.time; };
  rule.cost = [&](NodeId from, double link_time) { return out_degree[from] + link_time; };
  rule.attach = [&](const CandidateLink& link) { out_degree[link.from] += link.time; };
  return tree_from_parents(graph, source, grow_tree(graph, source, slice_bytes, rule), slice_bytes);
}

ScheduleResult schedule_topo_grow_tree(const BroadcastInstance& instance, NodeId root)
{
  const TopologyGraph& graph = checked_topology(instance, root, "grow-tree");
  return platform_graph_schedule(topo_grow_tree(graph, root, instance.transfer_bytes()));
}

}  // namespace hbcast
