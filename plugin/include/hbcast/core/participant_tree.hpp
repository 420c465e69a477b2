#pragma once
#include <hbcast/core/broadcast_tree.hpp>

#include <vector>

namespace hbcast {

/// A tree that reaches only some nodes (a multicast), renumbered over the nodes it reaches so the
/// evaluators, validators and the replay, which all expect a spanning tree, can run on it.
struct ParticipantTree {
  BroadcastTree tree;          ///< spanning over the participants; node k stands for participants[k]
  std::vector<NodeId> participants;  ///< original ids: the root first, then in breadth-first send order
};

/// The part of `tree` reachable from its root, renumbered; children keep their send order and
/// send start times. Nodes no edge reaches from the root are left out.
ParticipantTree participant_tree(const BroadcastTree& tree);

}  // namespace hbcast
