#pragma once
// Code-built clusters for the link-level unit tests: one cluster without latency, so that the
// tests' hand-computed times are bandwidth alone.
#include <hbcast/model/clustered_link_model.hpp>

#include <memory>
#include <random>
#include <vector>

namespace hbcast::test_support {

inline LinkedCluster latency_free_cluster(std::size_t hosts, double host_bandwidth, double backbone_bandwidth,
                                          LinkSharing backbone_sharing = LinkSharing::shared)
{
  LinkedCluster cluster;
  cluster.hosts = hosts;
  cluster.host_bandwidth = host_bandwidth;
  cluster.host_latency = 0.0;
  cluster.backbone_bandwidth = backbone_bandwidth;
  cluster.backbone_latency = 0.0;
  cluster.backbone_sharing = backbone_sharing;
  return cluster;
}

/// One cluster of 4 hosts, 100 B/s host links, no latency: a 100-byte transfer takes 1 s alone.
inline std::shared_ptr<ClusteredLinkModel> four_latency_free_hosts(double backbone_bandwidth)
{
  return std::make_shared<ClusteredLinkModel>(std::vector<LinkedCluster>{latency_free_cluster(4, 100, backbone_bandwidth)});
}

/// 1 to 5 clusters of 1 to 12 hosts, heterogeneous host links, backbones (one in four FATPIPE)
/// and uplinks, latencies up to 2 ms: the random platforms of the link-level property tests.
inline std::shared_ptr<ClusteredLinkModel> random_linked_clusters(std::mt19937_64& random)
{
  std::uniform_int_distribution<std::size_t> cluster_count(1, 5), hosts(1, 12);
  std::uniform_real_distribution<double> factor(0.5, 4.0), latency(0.0, 2e-3);
  std::vector<LinkedCluster> clusters(cluster_count(random));
  for (auto& cluster : clusters) {
    cluster.hosts = hosts(random);
    cluster.host_bandwidth = 1e8 * factor(random);
    cluster.host_latency = latency(random) / 100;
    cluster.backbone_bandwidth = cluster.host_bandwidth * factor(random);
    cluster.backbone_latency = latency(random) / 100;
    cluster.backbone_sharing = random() % 4 == 0 ? LinkSharing::fatpipe : LinkSharing::shared;
    cluster.uplink_bandwidth = 1e8 * factor(random) / 2;
    cluster.uplink_latency = latency(random);
  }
  return std::make_shared<ClusteredLinkModel>(clusters);
}

}  // namespace hbcast::test_support
