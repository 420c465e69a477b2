#pragma once
// Code-built clusters for the link-level unit tests: one cluster without latency, so that the
// tests' hand-computed times are bandwidth alone.
#include <hbcast/model/clustered_link_model.hpp>

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

}  // namespace hbcast::test_support
