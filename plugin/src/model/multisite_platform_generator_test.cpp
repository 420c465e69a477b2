#include <hbcast/model/multisite_platform_generator.hpp>

#include <gtest/gtest.h>

namespace hbcast {
namespace {

TEST(MultisitePlatformGenerator, WanLatenciesAreSymmetricInRangeAndSeeded)
{
  MultisitePlatformParameters p;
  p.sites = 5;
  p.seed = 9;
  const MultisitePlatform a = generate_multisite_platform(p), b = generate_multisite_platform(p);
  EXPECT_EQ(a.cluster_count(), 10u);
  EXPECT_EQ(a.wan_latency, b.wan_latency);
  for (std::size_t s = 0; s < 5; ++s)
    for (std::size_t t = 0; t < 5; ++t) {
      EXPECT_EQ(a.wan_latency[s * 5 + t], a.wan_latency[t * 5 + s]);
      if (s != t) {
        EXPECT_GE(a.wan_latency[s * 5 + t], 1e-3);
        EXPECT_LE(a.wan_latency[s * 5 + t], 15e-3);
      }
    }
  p.seed = 10;
  EXPECT_NE(generate_multisite_platform(p).wan_latency, a.wan_latency);
  EXPECT_EQ(a.record.at("generator"), "multisite");
  EXPECT_EQ(MultisitePlatform::cluster_name(2, 1), "s2-c1");
}

TEST(MultisitePlatformGenerator, RejectsBadParameters)
{
  auto rejects = [](auto change) {
    MultisitePlatformParameters p;
    change(p);
    EXPECT_THROW(generate_multisite_platform(p), std::invalid_argument);
  };
  rejects([](auto& p) { p.sites = 1, p.clusters_per_site = 1; });   // one cluster
  rejects([](auto& p) { p.sites = 11, p.clusters_per_site = 5; });  // 55 clusters
  rejects([](auto& p) { p.sites = 0; });
  rejects([](auto& p) { p.nodes_per_cluster = 0; });
  rejects([](auto& p) { p.node_bandwidth = 0; });
  rejects([](auto& p) { p.uplink_latency = -1; });
  rejects([](auto& p) { p.wan_latency_max = 0.5e-3; });  // below the minimum
}

}  // namespace
}  // namespace hbcast
