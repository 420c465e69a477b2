#pragma once
#include <hbcast/core/broadcast_tree.hpp>

#include <vector>

namespace hbcast {

/// A multicast in the sender-only model (seed 001, section 4): only the members must be informed,
/// and non-members may be recruited as relays. The tree spans the source, every member and the
/// recruited non-members, children in send order; every other node is in no edge (parents()
/// gives kNoNode for it, like the root).
struct MulticastSchedule {
  BroadcastTree tree;
  std::vector<NodeId> recruited;   ///< the non-members in the tree, by (t, id)
  double member_completion = 0.0;  ///< time the last member is informed
};

/// Checks the members argument: in range, distinct, not the source. Returns the membership mask;
/// throws std::invalid_argument naming the bad entry.
std::vector<bool> member_mask(std::size_t node_count, NodeId source, const std::vector<NodeId>& members);

/// Checks that the tree's edges form an out-tree from its root (one parent each, no cycle, no
/// edge outside the reached part) that reaches every member. Throws InvalidTree naming the node.
void validate_multicast_tree(const BroadcastTree& tree, const std::vector<NodeId>& members);

/// Builds the schedule from a tree over the participants (ready times: ready_times in
/// sender_only_times.hpp, -1 for the processors outside the tree): drops the non-members informed strictly
/// after the last member (their subtrees and later siblings are later still, so no member's time
/// changes) and fills `recruited` and `member_completion`.
MulticastSchedule make_multicast_schedule(const BroadcastTree& tree, const std::vector<double>& times,
                                          const std::vector<NodeId>& members);

}  // namespace hbcast
