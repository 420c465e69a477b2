#pragma once
// The one-port steady-state optimum as weighted broadcast trees, packed straight into the
// platform's resources: a Dantzig-Wolfe view of SSB.
//
//   max sum_T lambda_T   s.t.   for every host u:  sum_T lambda_T send_T(u)    <= 1   (one port out)
//                                                  sum_T lambda_T receive_T(u) <= 1   (one port in)
//                               for every shared link l: sum_T lambda_T load_T(l) <= 1
//
// with send_T(u) the seconds u spends sending one slice to its children in T (sum of T_uv),
// receive_T(u) the seconds it takes to receive it (T_parent,u), load_T(l) the seconds link l is
// busy per slice (slice_bytes / bandwidth per arc of T routed through it). Every plan of trees
// meeting these rows is a solution of SSB with n_uv = sum of the weights of the trees using u -> v,
// and by Edmonds' branching theorem every SSB solution packs into such trees (Beaumont-Marchal-Robert, section
// 4.1): the optimum is the same TP.
//
// Method: column generation, the master over the trees found so far solved by CLP's primal simplex
// (warm), its duals pricing the next tree: a minimum-cost spanning arborescence (Chu-Liu/Edmonds,
// O(V E)) under the arc costs (y_send(u) + y_receive(v)) T_uv + sum over the route's shared links
// of y_l slice_bytes / bandwidth_l. Each master solve is followed by up to four more improving
// trees, priced under the duals raised along the last tree's column until it costs 1 (the master
// solves are the cost, and extra trees mean fewer of them). It stops when the master reaches `target`
// (the LP's optimum, when known) to 1e-9 relative, or when no tree prices out. The master has 2V + L rows (V hosts,
// L shared links), far fewer than the E rows of packing the LP's loads, which is what lets a
// multi-site platform of 88 hosts and 7,656 candidate transfers pack in a second. A basic
// solution: at most 2V + L trees.
#include <hbcast/core/node_id.hpp>
#include <hbcast/model/port_model.hpp>
#include <hbcast/model/topology_graph.hpp>
#include <hbcast/platform_graph/arborescence_packing.hpp>
#include <hbcast/platform_graph/steady_state_lp.hpp>

#include <optional>
#include <vector>

namespace hbcast {

/// Weighted spanning arborescences from `root` over graph.links() (arc indices as in
/// ArborescencePacking; weights in slices per second) within the one-port and shared-link rows
/// above, for slices of `slice_bytes`. Multi-port (the program's multi-port rows): instead of the
/// port rows, each sender's send overhead (sum of send_u(S) over its sends) and each arc alone
/// (slice / its route's bandwidth) at most 1. Throws std::invalid_argument when the graph has fewer than
/// two hosts, root is out of range or some host is unreachable; std::runtime_error when CLP fails.
/// `start`: trees (as greedy_arborescences gives them) to seed the master with, e.g. the greedy
/// packing of the program's loads, which cuts the pricing rounds (multi_tree_bench).
ArborescencePacking pack_port_trees(const TopologyGraph& graph, NodeId root, double slice_bytes,
                                    const std::vector<SharedLinkRow>& shared_links,
                                    PortModel port = PortModel::one_port, std::optional<double> target = std::nullopt,
                                    const std::vector<std::vector<std::size_t>>& start = {});

}  // namespace hbcast
