#include <hbcast/sched/multicast_pruning.hpp>

#include <hbcast/sender_only/multicast_schedule.hpp>

namespace hbcast {

BroadcastTree prune_to_members(const BroadcastTree& tree, const std::vector<NodeId>& members)
{
  const std::vector<NodeId> parents = tree.parents();
  std::vector<bool> kept = member_mask(tree.size(), tree.root(), members);
  kept[tree.root()] = true;
  // Walk up from each member until a node already kept: every node is climbed at most once.
  for (NodeId member : members)
    for (NodeId v = parents[member]; v != kNoNode && !kept[v]; v = parents[v])
      kept[v] = true;
  BroadcastTree pruned(tree.size(), tree.root());
  pruned.set_slice_period(tree.slice_period());
  for (NodeId u = 0; u < tree.size(); ++u)
    for (NodeId child : tree.children(u))
      if (kept[child]) {
        pruned.add_child(u, child);
        if (auto start = tree.send_start(child))
          pruned.set_send_start(child, *start);
      }
  return pruned;
}

}  // namespace hbcast
