// `hbcast generate multisite` platforms (Barchet-Steffenel-Mounié's clusters of clusters) load in SimGrid 3.32 with
// two zone levels, every host pair routes with the latency the structure implies, and the rho = 0.30
// latency clustering finds exactly the generated clusters. One engine per test, hence per process.
#include <hbcast/model/latency_clustering.hpp>
#include <hbcast/model/multisite_platform_generator.hpp>
#include <hbcast/platform/loaded_platform.hpp>
#include <hbcast/platform/multisite_xml_writer.hpp>
#include <hbcast/platform/platform_cost_model.hpp>

#include "support/code_platforms.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace sg4 = simgrid::s4u;
using namespace hbcast;

namespace {

MultisitePlatformParameters parameters(int seed)
{
  MultisitePlatformParameters p;
  p.sites = 1 + seed % 4;
  p.clusters_per_site = seed == 3 ? 12 : 1 + seed % 3;  // seed 3: 4 x 12 = 48 clusters
  p.nodes_per_cluster = seed == 3 ? 2 : 1 + 3 * (seed % 3);
  if (p.sites * p.clusters_per_site < 2)
    p.clusters_per_site = 2;
  p.seed = static_cast<std::uint64_t>(seed);
  return p;
}

class GeneratedMultisitePlatform : public ::testing::TestWithParam<int> {};

}  // namespace

TEST_P(GeneratedMultisitePlatform, LoadsRoutesEveryPairAndClustersAsGenerated)
{
  const MultisitePlatform generated = generate_multisite_platform(parameters(GetParam()));
  const auto& p = generated.parameters;
  const std::string path =
      (std::filesystem::temp_directory_path() / ("hbcast-multisite-" + std::to_string(getpid()) + ".xml")).string();
  {
    std::ofstream file(path);
    write_multisite_xml(file, generated);
  }
  auto engine = test_support::make_engine("multisite_platform_test");
  test_support::set_exact_mode(engine);
  auto platform = LoadedPlatform::load(engine, path);
  std::filesystem::remove(path);
  const std::size_t n = generated.cluster_count() * p.nodes_per_cluster;
  ASSERT_EQ(platform.size(), n);
  EXPECT_EQ(platform.host_names().front(), "s0-c0-0");
  EXPECT_EQ(platform.host_names().back(), MultisitePlatform::cluster_name(p.sites - 1, p.clusters_per_site - 1) + "-" +
                                              std::to_string(p.nodes_per_cluster - 1));
  PlatformCostModel costs(platform);  // probes every ordered pair, throws if one is unroutable
  auto cluster_of = [&](NodeId u) { return u / p.nodes_per_cluster; };
  auto site_of = [&](NodeId u) { return cluster_of(u) / p.clusters_per_site; };
  for (NodeId u = 0; u < n; ++u)
    for (NodeId v = 0; v < n; ++v) {
      if (u == v)
        continue;
      // node link + backbone on each side (one backbone inside a cluster), uplinks, the WAN.
      double expected = 2 * p.node_latency + p.backbone_latency;
      if (cluster_of(u) != cluster_of(v))
        expected += p.backbone_latency + 2 * p.uplink_latency;
      if (site_of(u) != site_of(v))
        expected += generated.wan_latency[site_of(u) * p.sites + site_of(v)];
      ASSERT_NEAR(costs.latency(u, v), expected, 1e-12) << platform.host_names()[u] << " -> " << platform.host_names()[v];
      const double bottleneck = cluster_of(u) == cluster_of(v) ? p.node_bandwidth
                                                               : std::min(p.node_bandwidth, p.backbone_bandwidth);
      ASSERT_NEAR(costs.inverse_bandwidth(u, v), 1.0 / bottleneck, 1e-15);
    }
  const HostClustering clustering = cluster_by_latency(costs, 0.30);
  if (p.nodes_per_cluster > 1) {  // single hosts cluster with their nearest neighbour's cluster, or not
    ASSERT_EQ(clustering.clusters.size(), generated.cluster_count());
    for (NodeId u = 0; u < n; ++u)
      EXPECT_EQ(clustering.cluster_of[u], cluster_of(u));
  }
}
INSTANTIATE_TEST_SUITE_P(generated, GeneratedMultisitePlatform, ::testing::Range(1, 7));
