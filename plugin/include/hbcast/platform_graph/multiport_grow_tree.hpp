#pragma once
#include <hbcast/model/broadcast_instance.hpp>
#include <hbcast/model/schedule_result.hpp>
#include <hbcast/model/topology_graph.hpp>

namespace hbcast {

/// Multi-port growing tree (Beaumont-Marchal-Robert, section 3.2, Algorithm 5): Algorithm 3 with the multi-port
/// cost of adding the link (u, w),
///   cost(u, w) = max((children(u) + 1) * send_u(L), T_uw(L), max over u's children c of T_uc(L)),
/// the period u sustains once w is its next child (section 3.2's T_period = max(delta_out(u) *
/// send_u, max_i T_uv_i)). The garbled pseudo-code assigns max(children[u] * send_u, max T_uw')
/// over the children after adding v, the same for every w; we read it as the period after adding
/// w, which is what "simply amounts to change the cost of adding a new edge" needs, and which is
/// T_uw for a node without children when send_u <= T_uw (the paper's initial cost). Ties: faster
/// link, then lower indices (see grow_tree). Children: faster link first.
BroadcastTree multiport_grow_tree(const TopologyGraph& graph, NodeId source, double slice_bytes);

/// On the instance's platform graph with L = instance.transfer_bytes() and the graph's send
/// overheads; registry name `multiport-grow-tree`.
ScheduleResult schedule_multiport_grow_tree(const BroadcastInstance& instance, NodeId root);

}  // namespace hbcast
