#include <hbcast/sched/chain.hpp>

#include <hbcast/sched/topology_order.hpp>

namespace hbcast {

BroadcastTree chain_tree(std::size_t node_count, const std::vector<NodeId>& order)
{
  BroadcastTree tree(node_count, order.at(0));
  for (std::size_t k = 0; k + 1 < order.size(); ++k)
    tree.add_child(order[k], order[k + 1]);
  return tree;
}

ScheduleResult schedule_chain(const BroadcastInstance& instance, NodeId root)
{
  return {chain_tree(instance.size(), topology_order(instance, root)), nullptr, "pairwise (no model of its own)"};
}

}  // namespace hbcast
