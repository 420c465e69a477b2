#include <hbcast/model/dense_cost_model.hpp>
#include <hbcast/model/latency_clustering.hpp>

#include <gtest/gtest.h>

namespace hbcast {
namespace {

// n hosts, latency(u, v) seconds from u to v (1 GB/s: the clustering looks at latencies only).
template <class Latency>
DenseCostModel latency_costs(std::size_t n, Latency latency)
{
  DenseCostModel costs(n);
  for (std::size_t u = 0; u < n; ++u)
    for (std::size_t v = 0; v < n; ++v)
      if (u != v)
        costs.set_link(u, v, latency(u, v), 1e9);
  return costs;
}

// Two sites of 3 hosts (0.1 ms inside) 10 ms apart, and host 6 alone 20 ms from everyone.
DenseCostModel two_sites_and_a_loner()
{
  const auto site = [](std::size_t u) { return u < 3 ? 0 : u < 6 ? 1 : 2; };
  return latency_costs(7, [&](std::size_t u, std::size_t v) {
    return site(u) == 2 || site(v) == 2 ? 20e-3 : site(u) == site(v) ? 1e-4 : 10e-3;
  });
}

TEST(LatencyClustering, SplitsSitesAndKeepsTheLonerAlone)
{
  const HostClustering clustering = cluster_by_latency(two_sites_and_a_loner(), 0.30);
  ASSERT_EQ(clustering.clusters.size(), 3u);
  EXPECT_EQ(clustering.clusters[0], (std::vector<NodeId>{0, 1, 2}));
  EXPECT_EQ(clustering.clusters[1], (std::vector<NodeId>{3, 4, 5}));
  EXPECT_EQ(clustering.clusters[2], (std::vector<NodeId>{6}));
  EXPECT_EQ(clustering.cluster_of[4], 1u);
}

TEST(LatencyClustering, AHugeToleranceMergesEverything)
{
  // 20 ms <= (1 + 300) * 0.1 ms: every pair is "alike".
  EXPECT_EQ(cluster_by_latency(two_sites_and_a_loner(), 300.0).clusters.size(), 1u);
}

TEST(LatencyClustering, HostsAloneAtTheirSitesStaySingletons)
{
  // Hosts 1-3 form a site (0.1 ms inside); hosts 0, 4 and 5 are each alone, 10 ms from everyone.
  // The loners are each other's nearest neighbours (10 <= 1.3 x 10), so the linking relation joins
  // {0, 4, 5}; that group is no tighter inside (10 ms) than to host 1 (10 ms): split, and the
  // clusters stay ordered by first host.
  const auto in_site = [](std::size_t u) { return u >= 1 && u <= 3; };
  const auto costs =
      latency_costs(6, [&](std::size_t u, std::size_t v) { return in_site(u) && in_site(v) ? 1e-4 : 10e-3; });
  const HostClustering clustering = cluster_by_latency(costs, kLowekampTolerance);
  ASSERT_EQ(clustering.clusters.size(), 4u);
  EXPECT_EQ(clustering.clusters[0], (std::vector<NodeId>{0}));
  EXPECT_EQ(clustering.clusters[1], (std::vector<NodeId>{1, 2, 3}));
  EXPECT_EQ(clustering.clusters[2], (std::vector<NodeId>{4}));
  EXPECT_EQ(clustering.clusters[3], (std::vector<NodeId>{5}));
  EXPECT_EQ(clustering.cluster_of, (std::vector<std::size_t>{0, 1, 1, 1, 2, 3}));
}

TEST(LatencyClustering, KeepsTwoLonersThatAreCloseToEachOther)
{
  // Hosts 0-2 a site (0.1 ms); hosts 3 and 4 are 1 ms apart and 10 ms from the site: a real
  // (small) cluster, tighter inside (1 < 10), kept.
  const auto costs = latency_costs(
      5, [](std::size_t u, std::size_t v) { return (u < 3) != (v < 3) ? 10e-3 : u < 3 ? 1e-4 : 1e-3; });
  const HostClustering clustering = cluster_by_latency(costs, kLowekampTolerance);
  ASSERT_EQ(clustering.clusters.size(), 2u);
  EXPECT_EQ(clustering.clusters[1], (std::vector<NodeId>{3, 4}));
}

TEST(LatencyClustering, KeepsAClusterWithin30PercentOfItsNeighbour)
{
  // grid5000_88's Orsay clusters: 47.92 us inside cluster 1 (hosts 3-5), 47.56 us inside cluster 0
  // (hosts 0-2), 62.1 us between them. 47.92 x 1.3 = 62.3 >= 62.1, yet the cluster is tighter inside
  // than to its neighbour: it stays one cluster, not three singletons.
  const auto costs = latency_costs(
      6, [](std::size_t u, std::size_t v) { return (u < 3) != (v < 3) ? 62.1e-6 : u < 3 ? 47.56e-6 : 47.92e-6; });
  const HostClustering clustering = cluster_by_latency(costs, kLowekampTolerance);
  ASSERT_EQ(clustering.clusters.size(), 2u);
  EXPECT_EQ(clustering.clusters[0], (std::vector<NodeId>{0, 1, 2}));
  EXPECT_EQ(clustering.clusters[1], (std::vector<NodeId>{3, 4, 5}));
}

TEST(LatencyClustering, RejectsANegativeTolerance)
{
  EXPECT_THROW(cluster_by_latency(two_sites_and_a_loner(), -0.1), std::invalid_argument);
}

}  // namespace
}  // namespace hbcast
