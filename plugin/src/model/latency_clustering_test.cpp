#include <hbcast/model/dense_cost_model.hpp>
#include <hbcast/model/latency_clustering.hpp>

#include <gtest/gtest.h>

namespace hbcast {
namespace {

// Two sites of 3 hosts (0.1 ms inside) 10 ms apart, and host 6 alone 20 ms from everyone.
DenseCostModel two_sites_and_a_loner()
{
  const std::size_t n = 7;
  DenseCostModel costs(n);
  auto site = [](std::size_t u) { return u < 3 ? 0 : u < 6 ? 1 : 2; };
  for (std::size_t u = 0; u < n; ++u)
    for (std::size_t v = 0; v < n; ++v)
      if (u != v)
        costs.set_link(u, v, site(u) == 2 || site(v) == 2 ? 20e-3 : site(u) == site(v) ? 1e-4 : 10e-3, 1e9);
  return costs;
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

TEST(LatencyClustering, RejectsANegativeTolerance)
{
  EXPECT_THROW(cluster_by_latency(two_sites_and_a_loner(), -0.1), std::invalid_argument);
}

}  // namespace
}  // namespace hbcast
