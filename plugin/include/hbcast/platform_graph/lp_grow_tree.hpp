#pragma once
#include <hbcast/model/broadcast_instance.hpp>
#include <hbcast/model/schedule_result.hpp>
#include <hbcast/model/topology_graph.hpp>

#include <vector>

namespace hbcast {

/// Growing a spanning tree over the communication graph, "LP-Grow-Tree" (Beaumont-Marchal-Robert, section 4.2.2,
/// Algorithm 7): Prim-like from the source, each step adds the link (u, v), u in the tree and v
/// outside, carrying the most slices n_uv in the steady-state LP (edge_loads, in graph.links()
/// order). Ties (LP solutions leave many links at 0): the faster link (smaller T_uv(slice_bytes)),
/// then the lower head index within a node and the lower tail index between nodes. Children are
/// sent to faster link first. Throws std::invalid_argument when edge_loads does not have one finite
/// value per link or a host is unreachable.
BroadcastTree lp_grow_tree(const TopologyGraph& graph, NodeId source, const std::vector<double>& edge_loads,
                           double slice_bytes);

/// Solves SSB(G) (steady_state_edge_loads) for the instance's platform graph with
/// L = instance.transfer_bytes(), then grows by its edge loads; registry name `lp-grow-tree`.
ScheduleResult schedule_lp_grow_tree(const BroadcastInstance& instance, NodeId root);

}  // namespace hbcast
