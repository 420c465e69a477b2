#pragma once
// Minimum-cost spanning arborescence (optimum branching): Chu Yoeng-Jin and Liu Tseng-Hong, "On the
// shortest arborescence of a directed graph", Scientia Sinica 14 (1965); J. Edmonds, "Optimum
// branchings", J. Res. Nat. Bur. Standards 71B (1967).
//
// Algorithm: every non-root node takes its cheapest in-arc; if these arcs form no cycle they are the
// answer. Otherwise each cycle is contracted into one node, an arc entering the cycle at v costing
// cost - cost(cheapest in-arc of v) (the saving of swapping it for v's cycle arc), the smaller graph
// is solved recursively, and each cycle is expanded again: all its arcs but the one entering the node
// where the chosen outside arc enters. Each level costs O(E) and removes at least one node, so the
// whole is O(V E) time and O(E) memory per level. Costs may be any finite reals.
#include <hbcast/core/node_id.hpp>

#include <cstddef>
#include <limits>
#include <optional>
#include <utility>
#include <vector>

namespace hbcast {

/// The arc index standing for "no arc" (the root's entry in min_cost_arborescence's answer).
inline constexpr std::size_t kNoArc = std::numeric_limits<std::size_t>::max();

/// A minimum-cost spanning arborescence rooted at `root` over `arcs` (from, to), arc k costing
/// costs[k]: for every node, the index of the arc entering it (kNoArc for the root), or std::nullopt
/// when some node cannot be reached from the root. Self-loops and arcs into the root are never
/// chosen; parallel arcs are allowed. Ties are broken by the lower arc index at each step.
///
/// Throws std::invalid_argument when root >= node_count, an arc names a node >= node_count, or
/// costs.size() != arcs.size().
std::optional<std::vector<std::size_t>> min_cost_arborescence(std::size_t node_count, NodeId root,
                                                              const std::vector<std::pair<NodeId, NodeId>>& arcs,
                                                              const std::vector<double>& costs);

}  // namespace hbcast
