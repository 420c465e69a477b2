#include <hbcast/platform_graph/lp_grow_tree.hpp>

#include <hbcast/platform_graph/topology_scheduling.hpp>
#include <hbcast/platform_graph/tree_growing.hpp>

namespace hbcast {

BroadcastTree lp_grow_tree(const TopologyGraph& graph, NodeId source, const std::vector<double>& edge_loads,
                           double slice_bytes)
{
  require_edge_loads(graph, edge_loads);
  GrowthRule rule;
  rule.rank = [&](const CandidateLink& link) { return -edge_loads[link.index]; };  // most slices first
  rule.cost = [](NodeId, double rank) { return rank; };  // n_uv does not depend on the tree grown
  rule.attach = [](const CandidateLink&) {};
  return tree_from_parents(graph, source, grow_tree(graph, source, slice_bytes, rule), slice_bytes);
}

ScheduleResult schedule_lp_grow_tree(const BroadcastInstance& instance, NodeId root)
{
  return schedule_load_guided(instance, root, "lp-grow-tree", lp_grow_tree);
}

}  // namespace hbcast
