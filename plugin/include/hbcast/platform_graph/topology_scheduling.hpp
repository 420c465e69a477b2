#pragma once
#include <hbcast/core/broadcast_tree.hpp>
#include <hbcast/model/broadcast_instance.hpp>
#include <hbcast/model/schedule_result.hpp>
#include <hbcast/model/topology_graph.hpp>

#include <string>
#include <vector>

namespace hbcast {

// What the platform-graph heuristics of Beaumont-Marchal-Robert (sections 3 and 4.2) share: the checks on their
// input and the way a parent vector of direct links becomes a BroadcastTree.

/// The instance's platform graph, checked for `scheduler` rooted at `root`. Throws
/// std::invalid_argument with a one-line message when the instance has no platform graph, when the
/// graph's size differs from the instance's, or when a host is unreachable from the root along
/// directed links (the heuristics only use direct links, Beaumont-Marchal-Robert section 2.4).
const TopologyGraph& checked_topology(const BroadcastInstance& instance, NodeId root, const std::string& scheduler);

/// Throws std::invalid_argument naming the first host unreachable from `source`
/// (TopologyGraph::first_unreached_from; core-level entry points).
void require_reachable_from(const TopologyGraph& graph, NodeId source);

/// Throws std::invalid_argument unless edge_loads (the LP's n_uv for the LP-based heuristics of
/// section 4.2) holds one finite value per link of the graph, in graph.links() order.
void require_edge_loads(const TopologyGraph& graph, const std::vector<double>& edge_loads);

/// The per-link loads n_uv of the steady-state LP SSB(G) (Beaumont-Marchal-Robert, section 4.1), in graph.links()
/// order, for the LP-based heuristics (section 4.2), with the LP's default method (cut
/// generation), which the full program's simplex methods are orders of magnitude slower than.
std::vector<double> steady_state_edge_loads(const TopologyGraph& graph, NodeId source, double slice_bytes);
/// The same for the instance's platform graph and transfer size, from the LP solution the instance
/// carries for `source` when it has one (BroadcastInstance::set_steady_state), else solved here.
std::vector<double> steady_state_edge_loads(const BroadcastInstance& instance, NodeId source);

/// Orients a spanning arborescence given by `parents` (kNoNode at the source) as a BroadcastTree.
/// Send order within a node: faster link first (increasing T_uv(slice_bytes)), lower index on ties.
/// The order does not change the pipelined period (Beaumont-Marchal-Robert, section 3.1: a node's period is the
/// sum of its sends), only the fill time, which it shortens for the children reached first.
BroadcastTree tree_from_parents(const TopologyGraph& graph, NodeId source, const std::vector<NodeId>& parents,
                                double slice_bytes);

/// The answer of every platform-graph heuristic: its tree edges are direct links, so the platform's
/// pairwise model is the heuristic's own (T_uv on the platform graph).
ScheduleResult platform_graph_schedule(BroadcastTree tree);

/// A tree built from the steady-state LP's edge loads n_uv (section 4.2: lp_prune_tree, lp_grow_tree).
using LoadGuidedTree = BroadcastTree (*)(const TopologyGraph& graph, NodeId source,
                                         const std::vector<double>& edge_loads, double slice_bytes);
/// What the LP-based heuristics do around their tree: the instance's platform graph checked for
/// `scheduler`, the LP's loads (steady_state_edge_loads), then `build`'s tree as a platform-graph schedule.
ScheduleResult schedule_load_guided(const BroadcastInstance& instance, NodeId root, const std::string& scheduler,
                                    LoadGuidedTree build);

}  // namespace hbcast
