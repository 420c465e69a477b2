#include <hbcast/simulation/platform_generators.hpp>

#include <gtest/gtest.h>

using namespace hbcast::cli;

namespace {

std::string error_of(const std::string& generator, const std::map<std::string, std::string>& parameters)
{
  try {
    generate_platform_xml(generator, parameters, 1);
  } catch (const std::invalid_argument& error) {
    return error.what();
  }
  return "(accepted)";
}

}  // namespace

TEST(PlatformGenerators, SameArgumentsSameXmlAndTheSeedMatters)
{
  const std::map<std::string, std::string> parameters = {{"nodes", "12"}, {"density", "0.2"}, {"bw-mean", "5e7"}};
  const auto xml = generate_platform_xml("random", parameters, 3);
  EXPECT_EQ(xml, generate_platform_xml("random", parameters, 3));
  EXPECT_NE(xml, generate_platform_xml("random", parameters, 4));
  EXPECT_NE(xml.find("seed = 3"), std::string::npos);
  EXPECT_NE(xml.find("bw-mean = 5e+07"), std::string::npos);
  EXPECT_NE(xml.find("<host id=\"node-11\""), std::string::npos);
  EXPECT_EQ(xml.find("node-12"), std::string::npos);
  EXPECT_NE(generate_platform_xml("star", {{"nodes", "3"}}, 3).find("routing=\"Cluster\""), std::string::npos);
}

TEST(PlatformGenerators, UnknownKeysAndGeneratorsAreNamed)
{
  EXPECT_EQ(error_of("random", {{"bw-min", "1"}}),
            "unknown parameter 'bw-min' for generator 'random' (known: bw-mean, bw-sd, density, latency, nodes)");
  EXPECT_EQ(error_of("star", {{"density", "0.1"}}),
            "unknown parameter 'density' for generator 'star' (known: bw-max, bw-min, lat-max, lat-min, nodes)");
  EXPECT_EQ(error_of("waxman", {}),
            "unknown generator 'waxman' (known: random, star, tiers, sender-only, multisite, clusters, backbone, "
            "fat-tree, dragonfly)");
  EXPECT_THROW(platform_generator_parameters("waxman"), std::invalid_argument);
}

TEST(PlatformGenerators, ValuesMustBeNumbers)
{
  EXPECT_EQ(error_of("random", {{"nodes", "ten"}}), "random platform: 'nodes' must be a whole number (got 'ten')");
  EXPECT_EQ(error_of("random", {{"nodes", "1"}}), "random platform: 'nodes' must be at least 2 (got 1)");
  EXPECT_EQ(error_of("random", {{"density", ""}}), "random platform: 'density' must be a finite number (got '')");
  EXPECT_EQ(error_of("random", {{"density", " 0.1"}}),
            "random platform: 'density' must be a finite number (got ' 0.1')");
  EXPECT_EQ(error_of("star", {{"bw-max", "1e9x"}}), "star platform: 'bw-max' must be a finite number (got '1e9x')");
  EXPECT_EQ(error_of("star", {{"lat-min", "-0"}}), "(accepted)");
}

TEST(PlatformGenerators, ParametersAreListedWithTheirDefaults)
{
  const auto random = platform_generator_parameters("random");
  ASSERT_EQ(random.size(), 5u);
  EXPECT_EQ(random[0].name, "nodes");
  EXPECT_EQ(random[0].default_value, "30");
  EXPECT_EQ(random[2].name, "bw-mean");
  EXPECT_EQ(random[2].default_value, "1e+08");
  EXPECT_EQ(platform_generator_names(),
            (std::vector<std::string>{"random", "star", "tiers", "sender-only", "multisite", "clusters", "backbone",
                                      "fat-tree", "dragonfly"}));
}

TEST(PlatformGenerators, SeedParsing)
{
  EXPECT_EQ(parse_generator_seed("0"), 0u);
  EXPECT_EQ(parse_generator_seed("18446744073709551615"), 18446744073709551615u);
  for (const char* bad : {"", "-1", "1.5", "18446744073709551616", "x", " 1"})
    EXPECT_THROW(parse_generator_seed(bad), std::invalid_argument) << bad;
}

TEST(PlatformGenerators, ClustersGeneratorWritesTheTwoLevelModel)
{
  const std::string xml = generate_platform_xml("clusters", {{"clusters", "3"}, {"c", "4"}, {"max-size", "5"}}, 9);
  std::size_t clusters = 0, routes = 0;
  for (auto at = xml.find("<cluster "); at != std::string::npos; at = xml.find("<cluster ", at + 1))
    ++clusters;
  for (auto at = xml.find("<zoneRoute "); at != std::string::npos; at = xml.find("<zoneRoute ", at + 1))
    ++routes;
  EXPECT_EQ(clusters, 3u);
  EXPECT_EQ(routes, 3u);  // every pair once, symmetrical
  EXPECT_NE(xml.find("latency=\"0.0015"), std::string::npos);  // WAN: (C-1) unit / 2 = 1.5 ms
  EXPECT_EQ(xml, generate_platform_xml("clusters", {{"clusters", "3"}, {"c", "4"}, {"max-size", "5"}}, 9));
  EXPECT_EQ(error_of("clusters", {{"c", "0.5"}}), "clusters platform: 'c' must be >= 1");
  EXPECT_EQ(error_of("clusters", {{"clusters", "0"}}), "clusters platform: 'clusters' must be in 1..1000 (got 0)");
  EXPECT_EQ(error_of("clusters", {{"nodes", "3"}}),
            "unknown parameter 'nodes' for generator 'clusters' (known: bandwidth, c, clusters, max-size, theta, unit)");
}

TEST(PlatformGenerators, LinkLevelFamiliesWriteTheirTopologies)
{
  const std::string backbone = generate_platform_xml("backbone", {{"clusters", "3"}, {"nodes", "5"}}, 4);
  std::size_t clusters = 0, routes = 0;
  for (auto at = backbone.find("<cluster "); at != std::string::npos; at = backbone.find("<cluster ", at + 1))
    ++clusters;
  for (auto at = backbone.find("<zoneRoute "); at != std::string::npos; at = backbone.find("<zoneRoute ", at + 1))
    ++routes;
  EXPECT_EQ(clusters, 3u);
  EXPECT_EQ(routes, 6u);  // every ordered pair of clusters
  EXPECT_NE(backbone.find("radical=\"0-4\""), std::string::npos);
  EXPECT_NE(backbone.find("bb_sharing_policy=\"SHARED\""), std::string::npos);
  EXPECT_NE(backbone.find("seed = 4"), std::string::npos);
  EXPECT_NE(generate_platform_xml("fat-tree", {{"leaves", "3"}, {"hosts-per-leaf", "5"}, {"spines", "2"}}, 1)
                .find("topology=\"FAT_TREE\" topo_parameters=\"2;5,3;1,2;1,1\""),
            std::string::npos);
  const std::string dragonfly = generate_platform_xml("dragonfly", {{"groups", "4"}, {"routers", "4"}}, 1);
  EXPECT_NE(dragonfly.find("topo_parameters=\"4,2;2,1;4,1;2\""), std::string::npos);
  EXPECT_NE(dragonfly.find("radical=\"0-63\""), std::string::npos);  // 4 x 2 x 4 x 2 hosts
  // SimGrid 3.32 reaches group g through router g of a chassis: 4 groups need 4 routers.
  EXPECT_EQ(error_of("dragonfly", {{"groups", "4"}, {"routers", "3"}}),
            "dragonfly platform: SimGrid 3.32 cannot route this shape: it reaches group g through router g of a "
            "chassis, so routers (3) must be at least groups (4)");
  EXPECT_EQ(error_of("backbone", {{"nodes", "0"}}), "backbone platform: 'nodes' must be at least 1");
  EXPECT_EQ(error_of("fat-tree", {{"bandwidth", "0"}}),
            "fat-tree platform: link bandwidth must be > 0 and latency >= 0");
  EXPECT_EQ(error_of("dragonfly", {{"chassis", "0"}}), "dragonfly platform: 'chassis' must be at least 1");
}

// check_platform_parameters refuses what generate_platform_xml refuses, with the same message, and
// accepts the rest, for every generator.
TEST(PlatformGenerators, CheckingParametersRefusesWhatGeneratingRefuses)
{
  const auto check_error = [](const std::string& generator, const std::map<std::string, std::string>& parameters) {
    try {
      check_platform_parameters(generator, parameters);
    } catch (const std::invalid_argument& error) {
      return std::string(error.what());
    }
    return std::string("(accepted)");
  };
  const std::vector<std::pair<std::string, std::map<std::string, std::string>>> cases = {
      {"random", {}},
      {"random", {{"nodes", "1"}}},
      {"random", {{"density", "1.5"}}},
      {"random", {{"nodes", "100000"}, {"density", "0.2"}}},
      {"star", {{"bw-min", "2e9"}, {"bw-max", "1e9"}}},
      {"star", {{"nodes", "7"}}},
      {"tiers", {{"preset", "65"}}},
      {"tiers", {{"preset", "31"}}},
      {"sender-only", {{"nodes", "1"}}},
      {"sender-only", {{"nodes", "9"}}},
      {"multisite", {{"sites", "0"}}},
      {"clusters", {}},
      {"backbone", {{"clusters", "0"}}},
      {"fat-tree", {{"spines", "0"}}},
      {"dragonfly", {}},
      {"nosuch", {}},
  };
  std::size_t refused = 0;
  for (const auto& [generator, parameters] : cases) {
    const std::string generated = error_of(generator, parameters);
    EXPECT_EQ(check_error(generator, parameters), generated) << generator;
    refused += generated != "(accepted)";
  }
  EXPECT_GE(refused, 8u);  // the cases above refuse at least 8 times: the comparison is not all "(accepted)"
}
