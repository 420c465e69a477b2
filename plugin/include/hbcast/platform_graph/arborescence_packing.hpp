#pragma once
// Weighted packing of spanning arborescences into arc capacities: turns the edge loads n_uv of the
// steady-state broadcast LP SSB(G) (steady_state_lp.hpp) into explicit broadcast trees, each sending
// a share of the slices.
//
// Theory: by Edmonds' branching theorem (J. Edmonds, "Edge-disjoint branchings", in Combinatorial
// Algorithms, 1973) and its weighted form, the largest total weight of spanning arborescences rooted
// at r that fits in capacities c equals min over v != r of the max-flow from r to v under c. When c
// are the LP loads, which carry TP to every host, the packing therefore reaches TP.
//
// Method: column generation on
//     max sum_T lambda_T   s.t.   sum_{T contains e} lambda_T <= c_e (arcs with c_e > 0),  lambda >= 0.
// The restricted master, over the trees found so far, is solved by COIN-OR CLP's primal simplex
// (warm after each new column). Its row duals y_e >= 0 price the trees: a tree T improves the master
// iff 1 - sum_{e in T} y_e > 0, so the pricing problem is a minimum-cost arborescence under the
// costs y (Chu-Liu/Edmonds, min_cost_arborescence.hpp, O(V E)). Trees are added until the master
// reaches Edmonds' bound (V - 1 max-flows, Dinic, computed first) to 1e-9 relative, or no tree has
// a reduced cost above 1e-9 (then sum_e c_e y_e bounds every packing to that precision). The bound
// stops the long degenerate tail of pricing rounds that only prove optimality. The first master
// holds a greedy packing: repeatedly the arborescence of largest bottleneck capacity (Prim-like
// growth from r, O(E log E)), the bottleneck subtracted, until some node is cut off (at most E trees).
// Numerics: capacities are divided by the largest one and each row by its capacity (coefficients
// 1 / c_e, right-hand side 1), so that CLP's absolute tolerances (primal 1e-10, dual 1e-11, no
// perturbation) act relatively on every arc however small; trees lighter than 1e-11 of the total
// (CLP's ratio-test noise) are dropped, and if rounding left an arc over its capacity every weight
// is scaled down to fit.
//
// Complexity: each round is one pricing, O(V E), and a warm simplex re-solve; the number of rounds
// is not polynomially bounded (as for the simplex method). The `multi-tree` scheduler uses only
// greedy_arborescences, as the start of pack_port_trees (port_tree_packing.hpp). The answer is a basic solution: at most as many trees
// as arcs of positive capacity.
#include <hbcast/core/node_id.hpp>

#include <cstddef>
#include <utility>
#include <vector>

namespace hbcast {

struct WeightedArborescence {
  /// The share of the flow it carries, in the capacities' unit (slices per second for LP loads).
  double weight = 0.0;
  /// The arc entering each non-root node, as an index into the arcs given, in increasing node order.
  std::vector<std::size_t> arcs;
};

struct ArborescencePacking {
  /// Trees of positive weight; together they use at most its capacity on every arc.
  std::vector<WeightedArborescence> trees;
  /// The sum of their weights: the smallest root -> v max-flow (0 when some node is unreachable
  /// through arcs of positive capacity).
  double total_weight = 0.0;
  /// Pricing problems solved (master solves).
  int pricing_rounds = 0;
};

/// The greedy packing: the widest spanning arborescence from `root` (the largest bottleneck
/// capacity, Prim-like), its bottleneck subtracted, again until some node is cut off; at most one
/// tree per arc, O(E log E) each. Trees as the arc entering each node (kNoArc for the root).
std::vector<std::vector<std::size_t>> greedy_arborescences(std::size_t node_count, NodeId root,
                                                           const std::vector<std::pair<NodeId, NodeId>>& arcs,
                                                           std::vector<double> capacities);

/// The best packing of spanning arborescences rooted at `root` into `capacities` (one per arc of
/// `arcs`, from -> to, e.g. SteadyStateSolution::edge_loads over TopologyGraph::links()); see above.
///
/// Throws std::invalid_argument when node_count < 2 (a single node makes the total infinite),
/// root >= node_count, an arc names a node >= node_count, capacities.size() != arcs.size(), or a
/// capacity is negative or not finite; std::runtime_error when CLP stops short of the optimum.
ArborescencePacking pack_arborescences(std::size_t node_count, NodeId root,
                                       const std::vector<std::pair<NodeId, NodeId>>& arcs,
                                       const std::vector<double>& capacities);

}  // namespace hbcast
