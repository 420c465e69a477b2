#pragma once
#include <hbcast/core/node_id.hpp>

#include <optional>
#include <vector>

namespace hbcast {

/// A broadcast tree: a root and each node's ordered children. The order of a node's children is
/// its send order. A child may carry an explicit send start time: the parent starts that send no
/// earlier than it (schedules of timed transfers, e.g. Khuller-Kim-Wan, convert to such trees). A tree
/// may also be paced: with a slice period P, the send of slice j (from 0) to a child with a send
/// start s starts no earlier than s + j P, so that a pipelined broadcast repeats its first slice's
/// timing every P (the link-aware pipelined schedules keep their links within capacity so).
///
/// The class is plain data; validate_tree() checks that it is a spanning out-tree.
class BroadcastTree {
public:
  BroadcastTree() = default;
  BroadcastTree(std::size_t node_count, NodeId root);
  /// A tree over children.size() nodes with the given children lists (in send order): one move
  /// instead of an add_child per edge. Throws std::out_of_range for a root or child outside.
  BroadcastTree(NodeId root, std::vector<std::vector<NodeId>> children);

  std::size_t size() const { return children_.size(); }
  NodeId root() const { return root_; }
  const std::vector<NodeId>& children(NodeId node) const { return children_.at(node); }

  /// Appends `child` to `parent`'s send order.
  void add_child(NodeId parent, NodeId child);
  /// The parent starts sending to `child` no earlier than `time`.
  void set_send_start(NodeId child, double time);
  bool has_send_starts() const { return !send_start_.empty(); }
  std::optional<double> send_start(NodeId child) const;
  /// Paces the slices: slice j is sent to a child with a send start s no earlier than s + j P.
  /// P = 0 (the default) paces nothing.
  void set_slice_period(double period);
  double slice_period() const { return slice_period_; }
  /// The earliest start of slice `slice`'s send to `child`: its send start plus `slice` periods,
  /// 0 when it has no send start.
  double slice_not_before(NodeId child, std::size_t slice) const;

  /// Parent of every node (kNoNode for the root and for nodes nobody sends to).
  std::vector<NodeId> parents() const;
  /// Number of edges (sum of children list lengths).
  std::size_t edge_count() const;

private:
  NodeId root_ = 0;
  std::vector<std::vector<NodeId>> children_;
  std::vector<double> send_start_;  // NaN where absent; empty when no child has one
  double slice_period_ = 0.0;
};

}  // namespace hbcast
