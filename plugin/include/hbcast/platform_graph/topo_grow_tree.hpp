#pragma once
#include <hbcast/model/broadcast_instance.hpp>
#include <hbcast/model/schedule_result.hpp>
#include <hbcast/model/topology_graph.hpp>

namespace hbcast {

/// Growing a minimum weighted out-degree tree, "Topo-Grow-Tree" (Beaumont-Marchal-Robert, section 3.1.3,
/// Algorithm 3): Prim's algorithm from the source where the cost of a link (u, w), u in the tree,
/// w outside, is
///   cost(u, w) = T_uw(L) + OutDegree(u),  OutDegree(u) = sum of T_uc(L) over u's tree children,
/// the weighted out-degree u would have with w as one more child. This follows the prose ("the sum
/// of the weights of the current tree edges outgoing from Pu", starting from cost = T_uw, "the edge
/// which increases as little as possible the maximum weighted out-degree"): adding (u, w) changes
/// only u's out-degree, to exactly this cost. The pseudo-code's update cost(u, w) += cost(u, v)
/// would add cost(u, v) = T_uv + OutDegree(u), counting earlier children again with every new one;
/// we add T_uv. Ties: faster link, then lower indices (see grow_tree). Children: faster link first.
BroadcastTree topo_grow_tree(const TopologyGraph& graph, NodeId source, double slice_bytes);

/// On the instance's platform graph with L = instance.transfer_bytes(); registry name `grow-tree`.
ScheduleResult schedule_topo_grow_tree(const BroadcastInstance& instance, NodeId root);

}  // namespace hbcast
