#include <hbcast/core/participant_tree.hpp>

namespace hbcast {

ParticipantTree participant_tree(const BroadcastTree& tree)
{
  ParticipantTree result;
  std::vector<NodeId> index(tree.size(), kNoNode);
  result.participants.push_back(tree.root());
  index[tree.root()] = 0;
  // Breadth-first, so every parent is numbered before its children.
  for (std::size_t k = 0; k < result.participants.size(); ++k)
    for (NodeId child : tree.children(result.participants[k]))
      if (index[child] == kNoNode) {  // a revisit (invalid tree) is left to the tree validators
        index[child] = result.participants.size();
        result.participants.push_back(child);
      }
  result.tree = BroadcastTree(result.participants.size(), 0);
  result.tree.set_slice_period(tree.slice_period());
  for (std::size_t k = 0; k < result.participants.size(); ++k)
    for (NodeId child : tree.children(result.participants[k])) {
      result.tree.add_child(k, index[child]);
      if (auto start = tree.send_start(child))
        result.tree.set_send_start(index[child], *start);
    }
  return result;
}

}  // namespace hbcast
