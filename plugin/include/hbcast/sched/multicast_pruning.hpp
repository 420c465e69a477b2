#pragma once
#include <hbcast/core/broadcast_tree.hpp>

#include <vector>

namespace hbcast {

/// A broadcast tree cut down to a multicast: the root, the members, and every node on a path
/// from the root to a member; children keep their send order and send start times. The generic
/// multicast of any broadcast heuristic. Under either port model no transfer starts later than in
/// the broadcast (a sender only loses sends), so no member is informed later.
/// Members are checked as by member_mask (multicast_schedule.hpp).
BroadcastTree prune_to_members(const BroadcastTree& tree, const std::vector<NodeId>& members);

}  // namespace hbcast
