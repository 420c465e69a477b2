#include <hbcast/cluster/platform_cluster_model.hpp>

#include <hbcast/model/latency_clustering.hpp>

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace hbcast {
namespace {

struct Mean {
  double sum = 0;
  std::size_t count = 0;
  void add(double value) { sum += value, ++count; }
  double value() const { return sum / static_cast<double>(count); }
};

// The latency clusters, the root's moved first and the root first in it (the source); the other
// clusters and hosts keep their order.
std::vector<std::vector<NodeId>> clusters_from_root(HostClustering clustering, NodeId root)
{
  auto& clusters = clustering.clusters;
  const auto root_cluster = clusters.begin() + static_cast<std::ptrdiff_t>(clustering.cluster_of[root]);
  std::rotate(clusters.begin(), root_cluster, root_cluster + 1);
  auto& first = clusters.front();
  const auto root_position = std::find(first.begin(), first.end(), root);
  std::rotate(first.begin(), root_position, root_position + 1);
  return std::move(clusters);
}

}  // namespace

PlatformClusterModel platform_cluster_model(const CostModel& costs, double bytes, NodeId root, double tolerance)
{
  if (root >= costs.size())
    throw std::invalid_argument("cluster model: root is not a host of the platform");
  return platform_cluster_model(costs, cluster_by_latency(costs, tolerance), bytes, root);
}

PlatformClusterModel platform_cluster_model(const CostModel& costs, const HostClustering& clustering, double bytes,
                                            NodeId root)
{
  if (root >= costs.size() || clustering.cluster_of.size() != costs.size())
    throw std::invalid_argument("cluster model: root is not a host of the platform, or the grouping is not of it");
  const std::vector<std::vector<NodeId>> clusters = clusters_from_root(clustering, root);

  PlatformClusterModel model;
  model.cluster_of_host.assign(costs.size(), 0);
  Mean intra, inter;
  for (std::size_t i = 0; i < clusters.size(); ++i) {
    model.instance.sizes.push_back(clusters[i].size());
    for (NodeId host : clusters[i]) {
      model.host_of_node.push_back(host);
      model.cluster_of_host[host] = i;
    }
    const std::size_t sample = std::min<std::size_t>(clusters[i].size(), 8);
    for (std::size_t a = 0; a < sample; ++a)
      for (std::size_t b = 0; b < sample; ++b)
        if (a != b)
          intra.add(costs.transfer_time(clusters[i][a], clusters[i][b], bytes));
  }
  const std::size_t heads = std::min<std::size_t>(clusters.size(), 64);
  for (std::size_t a = 0; a < heads; ++a)
    for (std::size_t b = 0; b < heads; ++b)
      if (a != b)
        inter.add(costs.transfer_time(clusters[a].front(), clusters[b].front(), bytes));
  if (intra.count == 0 && inter.count == 0)
    model.time_unit = 1.0;
  else if (intra.count == 0)
    model.time_unit = inter.value();
  else
    model.time_unit = intra.value();
  if (!(model.time_unit > 0))
    throw std::invalid_argument("cluster model: intra-cluster transfers take no time");
  model.instance.global_cost = inter.count == 0 ? 1.0 : std::max(1.0, inter.value() / model.time_unit);
  return model;
}

}  // namespace hbcast
