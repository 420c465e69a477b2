#pragma once
#include <hbcast/model/broadcast_instance.hpp>
#include <hbcast/model/schedule_result.hpp>
#include <hbcast/model/topology_graph.hpp>

#include <functional>
#include <vector>

namespace hbcast {

/// A node's load in a pruning by node metric: from the node and the T_uv of its kept out-links.
using NodeLoadMetric = std::function<double(NodeId node, const std::vector<double>& kept_link_times)>;

/// The loop of refined platform pruning (Beaumont-Marchal-Robert, Algorithm 2) with a pluggable node metric:
/// take the node of largest metric (lower index on ties), try its kept out-links heaviest first
/// (non-increasing T_uv, lower head index on ties) and remove the first one whose removal keeps
/// every host reachable from the source (LinkPruning's directed definition), then recompute that
/// node's metric and start over; a node whose links all proved essential is passed over. Ends
/// with a spanning arborescence. Each link is tried at most once (an essential link stays so).
BroadcastTree prune_by_node_metric(const TopologyGraph& graph, NodeId source, double slice_bytes,
                                   const NodeLoadMetric& metric);

/// Refined platform pruning, "Topo-Prune-Degree" (Algorithm 2): the metric is the weighted
/// out-degree OutDegree(u) = sum of T_uv(slice_bytes) over u's kept out-links, the time u spends
/// sending one slice under the one-port model. Children are sent to faster link first.
BroadcastTree topo_prune_degree_tree(const TopologyGraph& graph, NodeId source, double slice_bytes);

/// On the instance's platform graph with L = instance.transfer_bytes(); registry name `prune-degree`.
ScheduleResult schedule_topo_prune_degree(const BroadcastInstance& instance, NodeId root);

}  // namespace hbcast
