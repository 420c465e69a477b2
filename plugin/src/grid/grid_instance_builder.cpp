#include <hbcast/grid/grid_instance_builder.hpp>

#include <hbcast/grid/plogp_model.hpp>

#include <algorithm>
#include <stdexcept>

namespace hbcast {
namespace {

GridCluster describe_cluster(const CostModel& costs, std::vector<NodeId> hosts, NodeId coordinator, double bytes)
{
  const auto at = std::find(hosts.begin(), hosts.end(), coordinator);
  std::rotate(hosts.begin(), at, at + 1);  // coordinator first, the others in index order
  GridCluster cluster;
  const std::size_t sample = std::min(hosts.size(), kIntraClusterSample);
  double latency = 0.0, inverse_bandwidth = 0.0;
  for (std::size_t a = 0; a < sample; ++a)
    for (std::size_t b = 0; b < sample; ++b)
      if (a != b) {
        latency += costs.latency(hosts[a], hosts[b]);
        inverse_bandwidth += costs.inverse_bandwidth(hosts[a], hosts[b]);
      }
  if (sample > 1) {
    const double pairs = static_cast<double>(sample * (sample - 1));
    cluster.intra_latency = latency / pairs;
    cluster.intra_gap = bytes * inverse_bandwidth / pairs;
  }
  cluster.broadcast_time = plogp_binomial_time(hosts.size(), cluster.intra_latency, cluster.intra_gap);
  cluster.hosts = std::move(hosts);
  return cluster;
}

}  // namespace

GridInstance grid_instance_from_costs(const CostModel& costs, const HostClustering& clustering, NodeId root,
                                      double bytes)
{
  const std::size_t n = costs.size();
  if (root >= n)
    throw std::invalid_argument("grid instance: root " + std::to_string(root) + " is not a host");
  if (clustering.cluster_of.size() != n)
    throw std::invalid_argument("grid instance: the clustering does not cover the platform's hosts");
  const std::size_t k = clustering.clusters.size();
  const std::size_t root_cluster = clustering.cluster_of[root];
  std::vector<GridCluster> clusters;
  for (std::size_t i = 0; i < k; ++i) {
    const auto& hosts = clustering.clusters[i];
    if (hosts.empty())
      throw std::invalid_argument("grid instance: cluster " + std::to_string(i) + " is empty");
    // Hosts are sorted by index (HostClustering), so the front is the lowest-indexed one.
    clusters.push_back(describe_cluster(costs, hosts, i == root_cluster ? root : hosts.front(), bytes));
  }
  std::vector<double> latency(k * k, 0.0), gap(k * k, 0.0);
  for (std::size_t i = 0; i < k; ++i)
    for (std::size_t j = 0; j < k; ++j)
      if (i != j) {
        const NodeId from = clusters[i].hosts.front(), to = clusters[j].hosts.front();  // the coordinators
        latency[i * k + j] = costs.latency(from, to);
        gap[i * k + j] = bytes * costs.inverse_bandwidth(from, to);
      }
  return GridInstance(std::move(clusters), std::move(latency), std::move(gap), root_cluster, bytes);
}

}  // namespace hbcast
