#include <hbcast/sched/flat.hpp>

namespace hbcast {

BroadcastTree flat_tree(std::size_t node_count, NodeId root)
{
  BroadcastTree tree(node_count, root);
  for (NodeId v = 0; v < node_count; ++v)
    if (v != root)
      tree.add_child(root, v);
  return tree;
}

ScheduleResult schedule_flat(const BroadcastInstance& instance, NodeId root)
{
  return {flat_tree(instance.size(), root), nullptr, "pairwise (no model of its own)"};
}

}  // namespace hbcast
