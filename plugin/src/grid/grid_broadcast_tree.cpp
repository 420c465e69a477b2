#include <hbcast/grid/grid_broadcast_tree.hpp>

#include <hbcast/core/binomial_tree.hpp>

#include <stdexcept>

namespace hbcast {

BroadcastTree grid_broadcast_tree(const GridInstance& instance, const GridSchedule& schedule, std::size_t host_count)
{
  const auto& clusters = instance.clusters();
  std::size_t covered = 0;
  for (const auto& cluster : clusters) {
    if (cluster.hosts.empty())
      throw std::invalid_argument("grid tree: every cluster needs its hosts, coordinator first");
    covered += cluster.hosts.size();
  }
  if (covered != host_count)
    throw std::invalid_argument("grid tree: the clusters hold " + std::to_string(covered) + " hosts, not " +
                                std::to_string(host_count));
  // Each cluster's coordinator is its first host.
  BroadcastTree tree(host_count, clusters[instance.root_cluster()].hosts.front());
  // time_grid_schedule lists each sender's sends in start order; the order across senders is moot.
  for (const auto& transfer : schedule.transfers)
    tree.add_child(clusters[transfer.sender].hosts.front(), clusters[transfer.receiver].hosts.front());
  for (const auto& cluster : clusters) {
    const BroadcastTree local = binomial_tree(cluster.hosts.size(), 0);
    for (NodeId rank = 0; rank < local.size(); ++rank)
      for (NodeId child : local.children(rank))
        tree.add_child(cluster.hosts[rank], cluster.hosts[child]);
  }
  return tree;
}

}  // namespace hbcast
