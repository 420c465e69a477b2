#pragma once
#include <hbcast/model/broadcast_instance.hpp>
#include <hbcast/model/schedule_result.hpp>
#include <hbcast/model/topology_graph.hpp>

#include <vector>

namespace hbcast {

/// Communication graph pruning, "LP-Prune" (Beaumont-Marchal-Robert, section 4.2.1, Algorithm 6): weights each
/// link with its load n_uv in the steady-state LP (edge_loads, in graph.links() order) and removes
/// links carrying the fewest slices first, each if every host stays reachable from the source
/// (LinkPruning's directed definition), until a spanning arborescence remains. The prose ("removes
/// the edges carrying the smallest number of messages", "edges ... [that] have minimum weight") is
/// followed; the pseudo-code's "sorted by non-increasing value of n_uv" contradicts it. Ties (LP
/// solutions leave many links at 0): the slower link (larger T_uv(slice_bytes)) first, then the
/// lower link index. Children are sent to faster link first. Throws std::invalid_argument when
/// edge_loads does not have one finite value per link or a host is unreachable.
BroadcastTree lp_prune_tree(const TopologyGraph& graph, NodeId source, const std::vector<double>& edge_loads,
                            double slice_bytes);

/// Solves SSB(G) (steady_state_edge_loads) for the instance's platform graph with
/// L = instance.transfer_bytes(), then prunes by its edge loads; registry name `lp-prune`.
ScheduleResult schedule_lp_prune(const BroadcastInstance& instance, NodeId root);

}  // namespace hbcast
