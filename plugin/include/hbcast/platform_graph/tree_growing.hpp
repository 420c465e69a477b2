#pragma once
#include <hbcast/core/node_id.hpp>
#include <hbcast/model/topology_graph.hpp>

#include <functional>
#include <vector>

namespace hbcast {

/// A link from a tree node to a node outside the tree, as the growing heuristics see it.
struct CandidateLink {
  std::size_t index;  ///< position in graph.links()
  NodeId from;
  NodeId to;
  double time;        ///< T_uv(slice_bytes)
};

/// How a Prim-like growing heuristic (Beaumont-Marchal-Robert, Algorithms 3, 5 and 7) weighs a candidate link.
/// `rank` orders the links leaving one node (lower first; fixed, independent of the tree grown so
/// far); `cost` is the cost of the node's best remaining link given that rank and the node's current
/// state, and must be non-decreasing in the rank; `attach` updates that state once a link is chosen.
struct GrowthRule {
  std::function<double(const CandidateLink&)> rank;
  std::function<double(NodeId from, double rank)> cost;
  std::function<void(const CandidateLink&)> attach;
};

/// Grows a spanning arborescence from `source`: while some host is outside the tree, adds the link
/// (u, v), u inside and v outside, of minimum cost. Because a node's cost is non-decreasing in the
/// rank, a node's candidate is its lowest-rank link to an outside host; ties: faster link (smaller
/// T_uv), then lower head index within a node, and lower tail index between nodes.
/// O(n^2 + m log m). Returns each host's parent (kNoNode at the source); throws
/// std::invalid_argument when a host is unreachable from the source.
std::vector<NodeId> grow_tree(const TopologyGraph& graph, NodeId source, double slice_bytes, const GrowthRule& rule);

}  // namespace hbcast
