#include <hbcast/platform_graph/multiport_grow_tree.hpp>

#include <hbcast/platform_graph/topology_scheduling.hpp>
#include <hbcast/platform_graph/tree_growing.hpp>

#include <algorithm>

namespace hbcast {

BroadcastTree multiport_grow_tree(const TopologyGraph& graph, NodeId source, double slice_bytes)
{
  const std::size_t n = graph.size();
  std::vector<std::size_t> children(n, 0);
  std::vector<double> slowest_child(n, 0.0);  // max T_uc over u's tree children
  GrowthRule rule;
  rule.rank = [](const CandidateLink& link) { return link.time; };
  rule.cost = [&](NodeId from, double link_time) {
    const double serialized_sends = static_cast<double>(children[from] + 1) * graph.send_overhead(from, slice_bytes);
    return std::max({serialized_sends, link_time, slowest_child[from]});
  };
  rule.attach = [&](const CandidateLink& link) {
    ++children[link.from];
    slowest_child[link.from] = std::max(slowest_child[link.from], link.time);
  };
  return tree_from_parents(graph, source, grow_tree(graph, source, slice_bytes, rule), slice_bytes);
}

ScheduleResult schedule_multiport_grow_tree(const BroadcastInstance& instance, NodeId root)
{
  const TopologyGraph& graph = checked_topology(instance, root, "multiport-grow-tree");
  return platform_graph_schedule(multiport_grow_tree(graph, root, instance.transfer_bytes()));
}

}  // namespace hbcast
