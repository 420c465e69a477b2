// Platform models built on zone blocks (zone_blocks.hpp) against the exhaustive computation on
// small platforms: every host pair's route equals its own probe (so one probe stands for a block
// pair), and the latency grouping and sender-only medians equal the exhaustive ones.
// One engine per test, hence per process.
#include <hbcast/model/latency_clustering.hpp>
#include <hbcast/model/multisite_platform_generator.hpp>
#include <hbcast/model/sender_only_model.hpp>
#include <hbcast/platform/loaded_platform.hpp>
#include <hbcast/platform/multisite_xml_writer.hpp>
#include <hbcast/platform/platform_cost_model.hpp>
#include <hbcast/platform/platform_link_model.hpp>
#include <hbcast/platform_graph/routed_topology.hpp>

#include "support/code_platforms.hpp"
#include "support/xml_file.hpp"

#include <gtest/gtest.h>

#include <sstream>

using namespace hbcast;

namespace {

// The same costs without their blocks: the exhaustive rules run on them.
class WithoutBlocks final : public CostModel {
public:
  explicit WithoutBlocks(const CostModel& base) : base_(base) {}
  std::size_t size() const override { return base_.size(); }
  double latency(NodeId from, NodeId to) const override { return base_.latency(from, to); }
  double inverse_bandwidth(NodeId from, NodeId to) const override { return base_.inverse_bandwidth(from, to); }

private:
  const CostModel& base_;
};

std::string header()
{
  return "<?xml version=\"1.0\"?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
         "<platform version=\"4.1\">\n";
}

// g5k.xml's shape: a Floyd root holding <cluster>s and a network zone of routers, joined by zoneRoutes.
std::string nested_grid_xml()
{
  std::ostringstream xml;
  xml << header() << "<zone id=\"grid\" routing=\"Floyd\">\n";
  const char* names[] = {"a", "b", "c"};
  const int sizes[] = {5, 3, 4};
  for (int k = 0; k < 3; ++k)
    xml << "  <cluster id=\"" << names[k] << "\" prefix=\"" << names[k] << "-\" suffix=\"\" radical=\"0-"
        << sizes[k] - 1 << "\" speed=\"1Gf\" bw=\"" << 1.25e8 * (k + 1) << "\" lat=\"" << 1e-5 * (k + 1)
        << "\" bb_bw=\"1.25e9\" bb_lat=\"1e-6\" router_id=\"" << names[k] << "-router\"/>\n";
  xml << "  <zone id=\"net\" routing=\"Floyd\">\n    <router id=\"r0\"/><router id=\"r1\"/>\n"
      << "    <link id=\"r0-r1\" bandwidth=\"1e9\" latency=\"3e-3\"/>\n"
      << "    <route src=\"r0\" dst=\"r1\"><link_ctn id=\"r0-r1\"/></route>\n  </zone>\n";
  for (int k = 0; k < 3; ++k)  // every link before the first zoneRoute (SimGrid's DTD)
    xml << "  <link id=\"up-" << names[k] << "\" bandwidth=\"1e9\" latency=\"" << 1e-4 * (k + 1) << "\"/>\n";
  for (int k = 0; k < 3; ++k)
    xml << "  <zoneRoute src=\"" << names[k] << "\" dst=\"net\" gw_src=\"" << names[k] << "-router\" gw_dst=\""
        << (k == 0 ? "r0" : "r1") << "\"><link_ctn id=\"up-" << names[k] << "\"/></zoneRoute>\n";
  xml << "</zone>\n</platform>\n";
  return xml.str();
}

// One star zone whose hosts are not alike: host 2's up link is slower.
std::string uneven_star_xml()
{
  std::ostringstream xml;
  xml << header() << "<zone id=\"star\" routing=\"Cluster\">\n";
  for (int k = 0; k < 4; ++k)
    xml << "  <host id=\"h" << k << "\" speed=\"1Gf\"/>\n  <link id=\"h" << k << "-up\" bandwidth=\""
        << (k == 2 ? 1e7 : 1e8) << "\" latency=\"1e-5\"/>\n  <link id=\"h" << k
        << "-down\" bandwidth=\"1e8\" latency=\"1e-5\"/>\n  <host_link id=\"h" << k << "\" up=\"h" << k
        << "-up\" down=\"h" << k << "-down\"/>\n";
  xml << "</zone>\n</platform>\n";
  return xml.str();
}

// A Vivaldi zone is a StarZone in SimGrid, but its latencies come from the hosts' coordinates:
// no link, all "alike", yet every pair differs.
std::string vivaldi_xml()
{
  std::ostringstream xml;
  xml << header() << "<zone id=\"v\" routing=\"Vivaldi\">\n";
  const char* coordinates[] = {"25.5 9.4 1.4", "-12.7 -9.9 2.1", "30.9 -6.9 2.8", "-2.7 -3.6 0.8"};
  for (int k = 0; k < 4; ++k)
    xml << "  <host id=\"h" << k << "\" coordinates=\"" << coordinates[k] << "\" speed=\"1Gf\"/>\n";
  xml << "</zone>\n</platform>\n";
  return xml.str();
}

std::string multisite_xml()
{
  MultisitePlatformParameters p;
  p.sites = 3;
  p.clusters_per_site = 2;
  p.nodes_per_cluster = 5;
  p.seed = 7;
  std::ostringstream xml;
  write_multisite_xml(xml, generate_multisite_platform(p));
  return xml.str();
}

// Loads `xml` and checks the structured model against the exhaustive computation; returns the
// number of blocks.
std::size_t expect_structured_equals_exhaustive(const std::string& xml)
{
  auto engine = test_support::make_engine("structured_model_test");
  test_support::set_exact_mode(engine);
  const test_support::XmlFile file("structured", xml);
  const auto platform = LoadedPlatform::load(engine, file.path());
  const PlatformCostModel costs(platform);
  const std::size_t n = platform.size();
  for (NodeId u = 0; u < n; ++u)
    for (NodeId v = 0; v < n; ++v)
      if (u != v) {
        const RouteCost table = costs.route(u, v), probed = probe_route(platform.hosts()[u], platform.hosts()[v]);
        EXPECT_EQ(table.latency, probed.latency) << platform.host_names()[u] << " -> " << platform.host_names()[v];
        EXPECT_EQ(table.bandwidth, probed.bandwidth);
        EXPECT_EQ(table.link_count, probed.link_count);
      }
  const WithoutBlocks flat(costs);
  const HostClustering structured = cluster_by_latency(costs, kLowekampTolerance);
  const HostClustering exhaustive = cluster_by_latency(flat, kLowekampTolerance);
  EXPECT_EQ(structured.clusters, exhaustive.clusters);
  const SenderOnlyModel structured_times = SenderOnlyModel::from_pairwise(costs);
  const SenderOnlyModel exhaustive_times = SenderOnlyModel::from_pairwise(flat);  // every destination: n <= 1024
  for (NodeId u = 0; u < n; ++u) {
    EXPECT_EQ(structured_times.latency(u, 0), exhaustive_times.latency(u, 0)) << platform.host_names()[u];
    EXPECT_EQ(structured_times.inverse_bandwidth(u, 0), exhaustive_times.inverse_bandwidth(u, 0));
  }
  // The routed graph's nearest receivers, by the cost model's blocks as simulate and lp pair them
  // with the link model, against every pair probed.
  const PlatformLinkModel links(platform);
  for (const std::size_t k : {1, 3, 8}) {
    const RoutedCandidates nearest{RoutedCandidates::Rule::nearest, k};
    const auto by_blocks = build_routed_topology(links, 0, nearest, costs.host_blocks());
    const auto every_pair = build_routed_topology(links, 0, nearest, nullptr);
    EXPECT_EQ(by_blocks.graph->links(), every_pair.graph->links()) << "nearest:" << k;
  }
  return costs.blocks().count();
}

}  // namespace

TEST(StructuredModel, MultisiteClustersAreBlocks)
{
  EXPECT_EQ(expect_structured_equals_exhaustive(multisite_xml()), 6u);  // 3 sites x 2 clusters
}

TEST(StructuredModel, NestedZonesLikeG5k)
{
  EXPECT_EQ(expect_structured_equals_exhaustive(nested_grid_xml()), 3u);
}

TEST(StructuredModel, UnevenStarZoneIsNotOneBlock)
{
  EXPECT_EQ(expect_structured_equals_exhaustive(uneven_star_xml()), 4u);  // host 2 differs: all single
}

TEST(StructuredModel, VivaldiZoneIsNotOneBlock)
{
  EXPECT_EQ(expect_structured_equals_exhaustive(vivaldi_xml()), 4u);
}

TEST(StructuredModel, FlatZoneHasNoStructure)
{
  auto engine = test_support::make_engine("structured_model_test");
  test_support::set_exact_mode(engine);
  const auto platform = LoadedPlatform::load(engine, std::string(HBCAST_TEST_PLATFORM_DIR) + "/grid5000_88.xml");
  const PlatformCostModel costs(platform);
  EXPECT_EQ(costs.blocks().count(), platform.size());
  EXPECT_EQ(costs.host_blocks(), nullptr);  // the exhaustive rules apply unchanged
  EXPECT_TRUE(costs.has_block_table());     // every pair probed up front (88 <= kEagerCheckLimit)
}
