#pragma once
#include <hbcast/core/broadcast_tree.hpp>
#include <hbcast/model/broadcast_instance.hpp>
#include <hbcast/model/schedule_result.hpp>

#include <functional>

#include <vector>

namespace hbcast {

/// A multicast in the sender-only model (Khuller-Kim-Woeginger, section 4): only the members must be informed,
/// and non-members may be recruited as relays. The tree spans the source, every member and the
/// recruited non-members, children in send order; every other node is in no edge (parents()
/// gives kNoNode for it, like the root).
struct MulticastSchedule {
  BroadcastTree tree;
  std::vector<NodeId> recruited;   ///< the non-members in the tree (recruited_relays), by (t, id)
  double member_completion = 0.0;  ///< time the last member is informed
};

/// Checks the members argument: in range, distinct, not the source. Returns the membership mask;
/// throws std::invalid_argument naming the bad entry.
std::vector<bool> member_mask(std::size_t node_count, NodeId source, const std::vector<NodeId>& members);

/// The source, the members and the `recruits` fastest non-members (by (t, id)), in increasing id
/// order: the processors of a multicast that recruits that many relays (Khuller-Kim-Woeginger, Theorem 4: an
/// optimal multicast recruiting k non-members may recruit the k fastest).
std::vector<NodeId> multicast_participants(const std::vector<double>& times, NodeId source,
                                           const std::vector<bool>& member_mask, std::size_t recruits);

/// The non-members a multicast tree reaches (the relays it recruits), by id.
std::vector<NodeId> recruited_relays(const BroadcastTree& tree, const std::vector<bool>& member_mask);

/// Processors outside the multicast: neither the source nor a member.
inline std::size_t non_member_count(std::size_t node_count, const std::vector<NodeId>& members)
{
  return node_count - 1 - members.size();
}

/// Checks that the tree's edges form an out-tree from its root (one parent each, no cycle, no
/// edge outside the reached part) that reaches every member. Throws InvalidTree naming the node.
void validate_multicast_tree(const BroadcastTree& tree, const std::vector<NodeId>& members);

/// Builds the schedule from a tree over the participants (ready times: ready_times in
/// sender_only_times.hpp, -1 for the processors outside the tree): drops the non-members informed strictly
/// after the last member (their subtrees and later siblings are later still, so no member's time
/// changes) and fills `recruited` and `member_completion`.
MulticastSchedule make_multicast_schedule(const BroadcastTree& tree, const std::vector<double>& times,
                                          const std::vector<NodeId>& members);

/// The multicast `schedule` (a broadcast algorithm, as for schedule_on_subset) builds over the
/// source, the members and the `recruits` fastest non-members (multicast_participants).
MulticastSchedule multicast_with_recruits(
    const std::vector<double>& times, NodeId source, const std::vector<NodeId>& members, std::size_t recruits,
    const std::function<BroadcastTree(const std::vector<double>&, NodeId)>& schedule);

using SenderOnlyMulticast =
    std::function<MulticastSchedule(const std::vector<double>& times, NodeId source, const std::vector<NodeId>& members)>;

/// Registry adapter: `build` gets the instance's sender-only times, the root and the members; the
/// result carries the sender-only model as the scheduler's own.
ScheduleResult schedule_sender_only_multicast(const BroadcastInstance& instance, NodeId root,
                                              const std::vector<NodeId>& members, const SenderOnlyMulticast& build);

}  // namespace hbcast
