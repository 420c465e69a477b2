#pragma once
#include <hbcast/core/broadcast_tree.hpp>
#include <hbcast/core/node_id.hpp>
#include <hbcast/model/topology_graph.hpp>
#include <hbcast/platform_graph/arcs_by_node.hpp>

#include <functional>
#include <utility>
#include <vector>

namespace hbcast {

/// The state shared by the pruning heuristics of Beaumont-Marchal-Robert (Algorithms 1, 2 and 6, and the
/// multi-port pruning of section 5.2.2): the platform's directed links, each kept or removed.
///
/// The paper prunes "while the graph stays connected" until n - 1 edges remain. On a directed graph
/// we define: a link may be removed when every host stays reachable from the source along the kept
/// links. A kept set that allows no further removal is exactly a spanning arborescence rooted at
/// the source (any arborescence inside it already keeps every host reachable, so minimality forces
/// equality): every other host keeps exactly one incoming link, the source none, n - 1 links in all.
///
/// Removals only shrink the kept set, so a link that cannot be removed once never can later: it is
/// remembered as essential and never searched again. Links are numbered in graph.links() order.
class LinkPruning {
public:
  /// Throws std::invalid_argument when a host is unreachable from the source.
  LinkPruning(const TopologyGraph& graph, NodeId source);

  std::size_t link_count() const { return links_.size(); }
  NodeId tail(std::size_t link) const { return links_[link].first; }
  NodeId head(std::size_t link) const { return links_[link].second; }
  /// Indices of the links leaving `host` (kept or not), in graph.links() order.
  std::vector<std::size_t> out_links(NodeId host) const;

  bool kept(std::size_t link) const { return kept_[link]; }
  /// True once the kept links form the spanning arborescence (n - 1 links).
  bool is_arborescence() const { return kept_count_ + 1 == node_count(); }
  /// Removes `link` if every host stays reachable from the source without it; says whether it did.
  bool try_remove(std::size_t link);
  /// The parent of every host along the kept links (kNoNode at the source); needs is_arborescence().
  std::vector<NodeId> parents() const;

private:
  std::size_t node_count() const { return out_links_.node_count(); }
  bool head_reachable_without(std::size_t link) const;
  bool expand(const ArcsByNode& arcs, bool forward, std::vector<NodeId>& pending, char side,
              std::size_t link) const;

  NodeId source_;
  std::vector<std::pair<NodeId, NodeId>> links_;
  ArcsByNode out_links_;  // link indices by tail
  ArcsByNode in_links_;   // and by head
  std::vector<bool> kept_;
  std::vector<bool> essential_;
  std::vector<std::size_t> kept_in_degree_;
  std::size_t kept_count_;
  // Scratch of head_reachable_without: which search reached each host, and their stacks.
  static constexpr char kUnreached = 0, kFromSource = 1, kToHead = 2;
  mutable std::vector<char> reached_;
  mutable std::vector<NodeId> pending_;
  mutable std::vector<NodeId> pending_back_;
};

/// The single-pass pruning of Algorithms 1 and 6: tries to remove every link once, in the order
/// `before` sorts link indices (graph.links() order; stable, so equal links keep their index
/// order), then orients the arborescence left with tree_from_parents. One pass suffices: a link
/// kept once stays essential. Throws std::invalid_argument when a host is unreachable.
BroadcastTree prune_in_order(const TopologyGraph& graph, NodeId source, double slice_bytes,
                             const std::function<bool(std::size_t, std::size_t)>& before);

}  // namespace hbcast
