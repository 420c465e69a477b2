#include <hbcast/cluster/schedule_to_tree.hpp>

#include <algorithm>
#include <stdexcept>

namespace hbcast {

BroadcastTree schedule_to_tree(const ClusterSchedule& schedule, const std::vector<NodeId>& host_of_node,
                               std::size_t host_count, double time_unit)
{
  if (host_of_node.empty())
    throw std::invalid_argument("schedule to tree: empty node mapping");
  std::vector<std::size_t> order(schedule.transfers.size());
  for (std::size_t j = 0; j < order.size(); ++j)
    order[j] = j;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return schedule.transfers[a].start < schedule.transfers[b].start; });
  BroadcastTree tree(host_count, host_of_node.at(0));
  for (std::size_t index : order) {
    const auto& transfer = schedule.transfers[index];
    const NodeId child = host_of_node.at(transfer.receiver);
    tree.add_child(host_of_node.at(transfer.sender), child);
    tree.set_send_start(child, transfer.start * time_unit);
  }
  return tree;
}

}  // namespace hbcast
