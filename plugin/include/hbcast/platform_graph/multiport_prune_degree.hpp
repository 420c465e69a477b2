#pragma once
#include <hbcast/model/broadcast_instance.hpp>
#include <hbcast/model/schedule_result.hpp>
#include <hbcast/model/topology_graph.hpp>

namespace hbcast {

/// Multiport-Prune-Degree (Beaumont-Marchal-Robert, section 5.2.2, which only says "Topo-Prune-Degree can be
/// adapted to the multi-port model"). Defined here as refined pruning (Algorithm 2, see
/// prune_by_node_metric) with the multi-port weighted out-degree of section 3.2 as the metric:
///   load(u) = max(children(u) * send_u(L), max over kept out-links of T_uv(L)),
/// with children(u) the number of kept out-links: the period u sustains under the multi-port model
/// if it kept them all, as Algorithm 5 uses it for growing. The links of the heaviest node are
/// tried heaviest first, which lowers both terms. Children are sent to faster link first.
BroadcastTree multiport_prune_degree_tree(const TopologyGraph& graph, NodeId source, double slice_bytes);

/// On the instance's platform graph with L = instance.transfer_bytes() and the graph's send
/// overheads; registry name `multiport-prune-degree`.
ScheduleResult schedule_multiport_prune_degree(const BroadcastInstance& instance, NodeId root);

}  // namespace hbcast
