// Every shipped platform loads in SimGrid 3.32 and every host pair is routable; the default one
// has the structure and latencies of Barchet-Steffenel-Mounié, Table 3. One engine per test process.
#include <hbcast/model/latency_clustering.hpp>
#include <hbcast/platform/loaded_platform.hpp>
#include <hbcast/platform/platform_cost_model.hpp>

#include "support/code_platforms.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <set>

namespace sg4 = simgrid::s4u;
using namespace hbcast;

namespace {

const std::string kPlatforms = HBCAST_TEST_PLATFORM_DIR;

LoadedPlatform load(sg4::Engine& engine, const std::string& file)
{
  return LoadedPlatform::load(engine, kPlatforms + "/" + file);
}

class ShippedPlatform : public ::testing::TestWithParam<std::string> {};

std::vector<std::string> shipped_platforms()
{
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(kPlatforms))
    if (entry.path().extension() == ".xml")
      files.push_back(entry.path().filename().string());
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

TEST_P(ShippedPlatform, LoadsAndEveryPairIsRoutable)
{
  auto engine = test_support::make_engine("platforms_test");
  auto platform = load(engine, GetParam());
  ASSERT_GT(platform.size(), 1u);
  // PlatformCostModel probes every ordered pair of a platform this size and throws on a missing one.
  ASSERT_LE(platform.size(), PlatformCostModel::kEagerCheckLimit);
  PlatformCostModel costs(platform);
  for (NodeId u = 0; u < platform.size(); ++u)
    for (NodeId v = 0; v < platform.size(); ++v)
      if (u != v) {
        ASSERT_GT(costs.route(u, v).link_count, 0u) << platform.host_names()[u] << " -> " << platform.host_names()[v];
        ASSERT_GT(costs.route(u, v).bandwidth, 0.0);
      }
}

INSTANTIATE_TEST_SUITE_P(Files, ShippedPlatform, ::testing::ValuesIn(shipped_platforms()),
                         [](const auto& info) {
                           std::string name = info.param.substr(0, info.param.find('.'));
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

TEST(DefaultPlatform, HasTheEightyEightHostsOfSeed003InClusterOrder)
{
  auto engine = test_support::make_engine("platforms_test");
  auto platform = load(engine, "grid5000_88.xml");
  ASSERT_EQ(platform.size(), 88u);
  std::map<std::string, int> per_cluster;
  for (const auto& name : platform.host_names())
    ++per_cluster[name.substr(0, name.find('-'))];
  EXPECT_EQ(per_cluster, (std::map<std::string, int>{
                             {"orsay0", 31}, {"orsay1", 29}, {"idpot2", 6}, {"idpot3", 1}, {"idpot4", 1}, {"toulouse5", 20}}));
  EXPECT_EQ(platform.host_names().front(), "orsay0-0");
  EXPECT_EQ(platform.host_names()[2], "orsay0-2");  // declaration order, not name order
  EXPECT_EQ(platform.host_names().back(), "toulouse5-19");
}

// Barchet-Steffenel-Mounié, section 7: Lowekamp's grouping with rho = 30% splits the 88 machines into the 6
// clusters of Table 3 (the grid heuristics and LCF both see these clusters).
TEST(DefaultPlatform, LatencyClusteringFindsTheSixClustersOfTable3)
{
  auto engine = test_support::make_engine("platforms_test");
  auto platform = load(engine, "grid5000_88.xml");
  const HostClustering clustering = cluster_by_latency(PlatformCostModel(platform), kLowekampTolerance);
  std::vector<std::set<std::string>> clusters;
  for (const auto& cluster : clustering.clusters) {
    std::set<std::string> prefixes;
    for (NodeId host : cluster)
      prefixes.insert(platform.host_names()[host].substr(0, platform.host_names()[host].find('-')));
    clusters.push_back(prefixes);
  }
  EXPECT_EQ(clusters, (std::vector<std::set<std::string>>{
                          {"orsay0"}, {"orsay1"}, {"idpot2"}, {"idpot3"}, {"idpot4"}, {"toulouse5"}}));
}

TEST(DefaultPlatform, RouteLatenciesAreTable3)
{
  // Barchet-Steffenel-Mounié, Table 3 (microseconds): one-way latency within and between clusters.
  auto engine = test_support::make_engine("platforms_test");
  auto platform = load(engine, "grid5000_88.xml");
  PlatformCostModel costs(platform);
  auto latency_us = [&](const char* from, const char* to) {
    return costs.latency(platform.index_of(from), platform.index_of(to)) * 1e6;
  };
  EXPECT_NEAR(latency_us("orsay0-0", "orsay0-5"), 47.56, 1e-9);
  EXPECT_NEAR(latency_us("orsay1-3", "orsay1-4"), 47.92, 1e-9);
  EXPECT_NEAR(latency_us("idpot2-0", "idpot2-5"), 35.52, 1e-9);
  EXPECT_NEAR(latency_us("toulouse5-0", "toulouse5-1"), 27.53, 1e-9);
  EXPECT_NEAR(latency_us("orsay0-0", "orsay1-0"), 62.10, 1e-9);
  EXPECT_NEAR(latency_us("orsay0-0", "idpot2-0"), 12181.52, 1e-9);
  EXPECT_NEAR(latency_us("orsay1-0", "idpot3-0"), 12198.03, 1e-9);
  EXPECT_NEAR(latency_us("idpot3-0", "idpot4-0"), 242.47, 1e-9);
  EXPECT_NEAR(latency_us("idpot4-0", "toulouse5-7"), 5394.10, 1e-9);
  EXPECT_NEAR(latency_us("toulouse5-0", "orsay0-30"), 5210.99, 1e-9);
}

TEST(DefaultPlatform, WideAreaTransfersOfFourMegabytesTakeOneToSixHundredMilliseconds)
{
  // Like g(m) in Barchet-Steffenel-Mounié, Table 2: a 4 MB inter-site transfer takes 100-600 ms.
  auto engine = test_support::make_engine("platforms_test");
  auto platform = load(engine, "grid5000_88.xml");
  PlatformCostModel costs(platform);
  for (auto [from, to] : {std::pair{"orsay0-0", "toulouse5-0"}, {"orsay0-0", "idpot2-0"}, {"toulouse5-0", "idpot3-0"}}) {
    const double seconds = costs.transfer_time(platform.index_of(from), platform.index_of(to), 4.0 * 1048576);
    EXPECT_GE(seconds, 0.1) << from << " -> " << to;
    EXPECT_LE(seconds, 0.6) << from << " -> " << to;
  }
}
