#pragma once
#include <hbcast/model/broadcast_instance.hpp>
#include <hbcast/model/schedule_result.hpp>
#include <hbcast/model/topology_graph.hpp>

namespace hbcast {

/// Simple platform pruning (Beaumont-Marchal-Robert, section 3.1.1, Algorithm 1, "Topo-Prune-Simple"): removes
/// links heaviest first (non-increasing T_uv(slice_bytes), lower graph.links() index on ties),
/// each if every host stays reachable from the source (LinkPruning's definition of "connected" on a
/// directed graph), until a spanning arborescence remains. One pass suffices: a link kept once can
/// never be removed later. Children are sent to faster link first. Throws std::invalid_argument
/// when a host is unreachable from the source.
BroadcastTree topo_prune_simple_tree(const TopologyGraph& graph, NodeId source, double slice_bytes);

/// On the instance's platform graph with L = instance.transfer_bytes(); registry name `prune-simple`.
ScheduleResult schedule_topo_prune_simple(const BroadcastInstance& instance, NodeId root);

}  // namespace hbcast
