// The nearest-receivers rule of the routed platform graph: by blocks (one probe per pair of
// blocks) against every pair probed, on code-built clusters (hosts shuffled) where T_uv depends
// only on the clusters of u and v.
#include "nearest_receivers.hpp"

#include <hbcast/model/clustered_link_model.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

using namespace hbcast;

namespace {

// Up to 6 clusters of 1 to 12 hosts, each one of two cluster kinds, so that clusters of one kind
// tie: their hosts must then be taken by host id across clusters.
ClusteredLinkModel two_kinds_of_clusters(std::mt19937_64& random, std::vector<std::size_t>& cluster_of)
{
  std::uniform_real_distribution<double> factor(0.5, 4.0), latency(0.0, 2e-3);
  LinkedCluster kinds[2];
  for (auto& kind : kinds) {
    kind.host_bandwidth = 1e8 * factor(random);
    kind.host_latency = latency(random) / 100;
    kind.backbone_bandwidth = kind.host_bandwidth * factor(random);
    kind.uplink_bandwidth = 1e8 * factor(random);
    kind.uplink_latency = latency(random);
  }
  std::vector<LinkedCluster> clusters(std::uniform_int_distribution<std::size_t>(1, 6)(random));
  for (std::size_t c = 0; c < clusters.size(); ++c) {
    clusters[c] = kinds[random() % 2];
    clusters[c].hosts = std::uniform_int_distribution<std::size_t>(1, 12)(random);
    cluster_of.insert(cluster_of.end(), clusters[c].hosts, c);
  }
  return ClusteredLinkModel(clusters);
}

// The same platform with its hosts shuffled, so that clusters interleave by host id.
class ShuffledHosts final : public LinkRouteModel {
public:
  ShuffledHosts(const LinkRouteModel& routes, std::mt19937_64& random) : routes_(routes), host_(routes.host_count())
  {
    for (NodeId u = 0; u < host_.size(); ++u)
      host_[u] = u;
    std::shuffle(host_.begin(), host_.end(), random);
  }
  std::size_t host_count() const override { return host_.size(); }
  std::shared_ptr<const LinkRoute> route(NodeId from, NodeId to) const override
  {
    return routes_.route(host_[from], host_[to]);
  }
  const LinkProperties& link(LinkId id) const override { return routes_.link(id); }
  NodeId inner(NodeId u) const { return host_[u]; }

private:
  const LinkRouteModel& routes_;
  std::vector<NodeId> host_;
};

}  // namespace

TEST(NearestReceiversProperty, ByBlocksEqualsEveryPairProbed)
{
  for (unsigned seed = 1; seed <= 300; ++seed) {
    std::mt19937_64 random(seed);
    std::vector<std::size_t> cluster_of;
    const ClusteredLinkModel clusters = two_kinds_of_clusters(random, cluster_of);
    const ShuffledHosts routes(clusters, random);
    std::vector<std::size_t> label(routes.host_count());
    for (NodeId u = 0; u < label.size(); ++u)
      label[u] = cluster_of[routes.inner(u)];
    const HostBlocks blocks = HostBlocks::from_labels(label);
    const std::size_t n = routes.host_count();
    for (std::size_t k : {std::size_t{1}, std::size_t{3}, std::uniform_int_distribution<std::size_t>(1, n + 1)(random)})
      ASSERT_EQ(nearest_receivers(routes, blocks, k, 1048576.0), nearest_receivers(routes, k, 1048576.0))
          << "seed " << seed << ", k " << k;
  }
}

// Two clusters of two hosts, same links: inside a cluster 2 private links, across 2 more plus
// the uplinks, so each host's nearest is its cluster mate, then the other cluster by host id.
TEST(NearestReceivers, ClusterMateFirstThenLowestIds)
{
  LinkedCluster cluster;
  cluster.hosts = 2;
  const ClusteredLinkModel routes({cluster, cluster});
  const HostBlocks blocks = HostBlocks::from_labels({0, 0, 1, 1});
  const std::vector<std::vector<NodeId>> expected{{1, 2, 3}, {0, 2, 3}, {3, 0, 1}, {2, 0, 1}};
  EXPECT_EQ(nearest_receivers(routes, blocks, 3, 1e6), expected);
  EXPECT_EQ(nearest_receivers(routes, 3, 1e6), expected);
}
