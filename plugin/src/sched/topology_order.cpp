#include <hbcast/sched/topology_order.hpp>

#include <algorithm>

namespace hbcast {
namespace {

// Past this many clusters the nearest-next search (quadratic) gives way to the clusters' own order.
constexpr std::size_t kNearestSearchClusters = 2048;

}  // namespace

std::vector<NodeId> topology_order(const BroadcastInstance& instance, NodeId root)
{
  const HostClustering& grouping = instance.latency_clusters();
  const CostModel& costs = instance.costs();
  std::vector<NodeId> order;
  order.reserve(instance.size());
  const std::size_t first = grouping.cluster_of.at(root);
  const auto& home = grouping.clusters[first];
  const auto at_root = std::find(home.begin(), home.end(), root);
  order.insert(order.end(), at_root, home.end());
  order.insert(order.end(), home.begin(), at_root);
  std::vector<bool> placed(grouping.clusters.size(), false);
  placed[first] = true;
  const bool nearest = grouping.clusters.size() <= kNearestSearchClusters;
  for (std::size_t remaining = grouping.clusters.size() - 1; remaining > 0; --remaining) {
    std::size_t next = grouping.clusters.size();
    double closest = 0.0;
    for (std::size_t c = 0; c < grouping.clusters.size(); ++c) {
      if (placed[c])
        continue;
      if (!nearest) {
        next = c;
        break;
      }
      const double latency = costs.latency(order.back(), grouping.clusters[c].front());
      if (next == grouping.clusters.size() || latency < closest) {
        next = c;
        closest = latency;
      }
    }
    placed[next] = true;
    order.insert(order.end(), grouping.clusters[next].begin(), grouping.clusters[next].end());
  }
  return order;
}

}  // namespace hbcast
