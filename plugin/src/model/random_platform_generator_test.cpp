#include <hbcast/model/random_platform_generator.hpp>
#include <hbcast/model/topology_graph.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <numeric>
#include <set>

using namespace hbcast;

namespace {

RandomPlatformParameters parameters(std::size_t nodes, double density, std::uint64_t seed)
{
  RandomPlatformParameters p;
  p.node_count = nodes;
  p.density = density;
  p.seed = seed;
  return p;
}

bool same_graph(const PlatformGraph& a, const PlatformGraph& b)
{
  if (a.host_names() != b.host_names() || a.links().size() != b.links().size() || a.parameters() != b.parameters())
    return false;
  for (std::size_t k = 0; k < a.links().size(); ++k) {
    const auto &x = a.links()[k], &y = b.links()[k];
    if (x.from != y.from || x.to != y.to || x.bandwidth != y.bandwidth || x.latency != y.latency)
      return false;
  }
  for (std::size_t u = 0; u < a.host_count(); ++u)
    if (a.send_overhead(u).latency != b.send_overhead(u).latency ||
        a.send_overhead(u).bandwidth != b.send_overhead(u).bandwidth)
      return false;
  return true;
}

bool is_connected(const PlatformGraph& graph)
{
  return TopologyGraph::from_platform_graph(graph).first_unreached_from(0) == kNoNode;
}

std::size_t parameter_count(const PlatformGraph& graph, const std::string& key)
{
  return std::stoul(graph.parameters().at(key));
}

}  // namespace

TEST(RandomPlatformGenerator, SameSeedSameGraphDifferentSeedDifferentGraph)
{
  const auto first = generate_random_platform(parameters(40, 0.12, 7));
  EXPECT_TRUE(same_graph(first, generate_random_platform(parameters(40, 0.12, 7))));
  EXPECT_FALSE(same_graph(first, generate_random_platform(parameters(40, 0.12, 8))));
  EXPECT_EQ(first.parameters().at("generator"), "random");
  EXPECT_EQ(first.parameters().at("seed"), "7");
  EXPECT_EQ(first.parameters().at("density"), "0.12");
  EXPECT_EQ(first.host_names().front(), "node-0");
  EXPECT_EQ(first.shape(), PlatformGraph::Shape::routed_graph);
}

TEST(RandomPlatformGenerator, TopologyDoesNotDependOnTheBandwidthParameters)
{
  auto slow = parameters(30, 0.1, 3);
  auto fast = slow;
  fast.bandwidth_mean = 1e9;
  fast.bandwidth_sd = 0.0;
  const auto a = generate_random_platform(slow), b = generate_random_platform(fast);
  ASSERT_EQ(a.links().size(), b.links().size());
  for (std::size_t k = 0; k < a.links().size(); ++k) {
    EXPECT_EQ(a.links()[k].from, b.links()[k].from);
    EXPECT_EQ(a.links()[k].to, b.links()[k].to);
    EXPECT_EQ(b.links()[k].bandwidth, 1e9);
  }
}

TEST(RandomPlatformGenerator, ConnectedOnManySeedsAndDensities)
{
  for (double density : {0.0, 0.02, 0.04, 0.12, 0.2, 0.5, 1.0})
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
      const std::size_t n = 2 + seed % 45;
      const auto graph = generate_random_platform(parameters(n, density, seed));
      SCOPED_TRACE("density " + std::to_string(density) + " seed " + std::to_string(seed));
      ASSERT_TRUE(is_connected(graph));
      EXPECT_EQ(parameter_count(graph, "edges"), graph.links().size());
      EXPECT_LE(graph.links().size(), n * (n - 1) / 2);
      for (const auto& link : graph.links()) {
        EXPECT_LT(link.from, link.to);
        EXPECT_FALSE(link.directed);
      }
      if (density == 1.0) {
        EXPECT_EQ(graph.links().size(), n * (n - 1) / 2);
      }
    }
}

TEST(RandomPlatformGenerator, DensityZeroGivesASpanningTree)
{
  for (std::uint64_t seed = 1; seed <= 100; ++seed) {
    const std::size_t n = 2 + seed % 60;
    const auto graph = generate_random_platform(parameters(n, 0.0, seed));
    ASSERT_EQ(graph.links().size(), n - 1) << "seed " << seed;
    EXPECT_EQ(parameter_count(graph, "repair-edges"), n - 1);
    EXPECT_TRUE(is_connected(graph)) << "seed " << seed;  // n-1 edges and connected: a tree
  }
}

TEST(RandomPlatformGenerator, NoParallelEdges)
{
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const auto graph = generate_random_platform(parameters(25, 0.05, seed));
    std::set<std::pair<std::size_t, std::size_t>> seen;
    for (const auto& link : graph.links())
      EXPECT_TRUE(seen.emplace(link.from, link.to).second) << "seed " << seed;
  }
}

TEST(RandomPlatformGenerator, EdgeCountIsNearDensityTimesPairs)
{
  // 400 nodes, density 0.1: the drawn count is Binomial(79800, 0.1), mean 7980, sd 84.7. We allow
  // 5 sd (a correct generator fails for a given seed with probability 6e-7). Such a graph is
  // connected unless some node is isolated (expected number 400 * 0.9^399 ~ 1e-16), so no repair.
  const std::size_t n = 400;
  const double density = 0.1;
  const auto graph = generate_random_platform(parameters(n, density, 2024));
  const double pairs = n * (n - 1) / 2.0;
  const double drawn = static_cast<double>(graph.links().size() - parameter_count(graph, "repair-edges"));
  EXPECT_EQ(parameter_count(graph, "repair-edges"), 0u);
  EXPECT_NEAR(drawn, density * pairs, 5.0 * std::sqrt(pairs * density * (1 - density)));
}

TEST(RandomPlatformGenerator, BandwidthMeanAndDeviationMatchTable2)
{
  // About 39,900 edges. Sample mean: standard error 20 MB/s / sqrt(N) ~ 0.1 MB/s; sample sd:
  // standard error ~ 20 MB/s / sqrt(2N) ~ 0.07 MB/s. We allow 5 standard errors. Truncation at
  // 1 MB/s (4.95 sd below the mean) moves both by less than 1e-5 MB/s.
  const auto graph = generate_random_platform(parameters(400, 0.5, 99));
  std::vector<double> bandwidths;
  for (const auto& link : graph.links())
    bandwidths.push_back(link.bandwidth);
  const double count = static_cast<double>(bandwidths.size());
  const double mean = std::accumulate(bandwidths.begin(), bandwidths.end(), 0.0) / count;
  double squares = 0.0;
  for (double b : bandwidths)
    squares += (b - mean) * (b - mean);
  const double sd = std::sqrt(squares / (count - 1));
  EXPECT_NEAR(mean, 100e6, 5.0 * 20e6 / std::sqrt(count));
  EXPECT_NEAR(sd, 20e6, 5.0 * 20e6 / std::sqrt(2.0 * count));
}

TEST(RandomPlatformGenerator, BandwidthsStayAboveTheFloorUnderHeavyTruncation)
{
  auto p = parameters(60, 0.5, 5);
  p.bandwidth_mean = 2e6;
  p.bandwidth_sd = 20e6;  // most raw draws are negative
  EXPECT_EQ(random_platform_bandwidth_floor(2e6), 2e4);
  EXPECT_EQ(random_platform_bandwidth_floor(100e6), 1e6);
  const auto graph = generate_random_platform(p);
  for (const auto& link : graph.links())
    EXPECT_GT(link.bandwidth, 2e4);
  EXPECT_EQ(graph.parameters().at("bw-floor"), "20000");
}

TEST(RandomPlatformGenerator, LatencyIsTheParameterOnEveryLink)
{
  auto p = parameters(20, 0.2, 11);
  p.link_latency = 2.5e-5;
  const auto with_latency = generate_random_platform(p);
  for (const auto& link : with_latency.links())
    EXPECT_EQ(link.latency, 2.5e-5);
  const auto without_latency = generate_random_platform(parameters(20, 0.2, 11));
  for (const auto& link : without_latency.links())
    EXPECT_EQ(link.latency, 0.0);
}

TEST(RandomPlatformGenerator, SendOverheadIsEightyPercentOfTheFastestLinkExactly)
{
  // Hand-built: host 0 has links of 100 and 300 B/s; host 1 of 100 and 200; host 2 of 300 and
  // 200; host 3 two links of 50 B/s, the one with lower latency (0.125 s) wins the tie.
  PlatformGraph graph(PlatformGraph::Shape::routed_graph, {"a", "b", "c", "d"});
  graph.add_link({0, 1, 100.0, 0.5, false});
  graph.add_link({0, 2, 300.0, 0.25, false});
  graph.add_link({1, 2, 200.0, 1.0, false});
  graph.add_link({3, 0, 50.0, 0.75, false});
  graph.add_link({1, 3, 50.0, 0.125, false});
  apply_fastest_link_send_overheads(graph);
  const double expected[4][2] = {{0.8 * 0.25, 300.0 / 0.8}, {0.8 * 1.0, 200.0 / 0.8},
                                 {0.8 * 0.25, 300.0 / 0.8}, {0.8 * 0.125, 50.0 / 0.8}};
  for (std::size_t u = 0; u < 4; ++u) {
    EXPECT_EQ(graph.send_overhead(u).latency, expected[u][0]) << u;
    EXPECT_EQ(graph.send_overhead(u).bandwidth, expected[u][1]) << u;
    EXPECT_EQ(graph.send_overhead_time(u, 1000.0), expected[u][0] + 1000.0 / expected[u][1]) << u;
  }
  // send(S) = 0.8 T(S) at any size, up to rounding.
  EXPECT_NEAR(graph.send_overhead_time(0, 4e6), 0.8 * (0.25 + 4e6 / 300.0), 1e-9);
}

TEST(RandomPlatformGenerator, GeneratedSendOverheadsFollowTheRule)
{
  auto p = parameters(30, 0.1, 17);
  p.link_latency = 1e-4;
  const auto graph = generate_random_platform(p);
  std::vector<double> fastest(graph.host_count(), 0.0);
  for (const auto& link : graph.links()) {
    fastest[link.from] = std::max(fastest[link.from], link.bandwidth);
    fastest[link.to] = std::max(fastest[link.to], link.bandwidth);
  }
  for (std::size_t u = 0; u < graph.host_count(); ++u) {
    EXPECT_EQ(graph.send_overhead(u).bandwidth, fastest[u] / 0.8);
    EXPECT_EQ(graph.send_overhead(u).latency, 0.8 * 1e-4);
  }
}

TEST(RandomPlatformGenerator, RejectsImpossibleParametersNamingThem)
{
  auto expect_rejected = [](RandomPlatformParameters p, const std::string& name) {
    try {
      generate_random_platform(p);
      ADD_FAILURE() << "accepted bad " << name;
    } catch (const std::invalid_argument& error) {
      EXPECT_NE(std::string(error.what()).find("'" + name + "'"), std::string::npos) << error.what();
      EXPECT_EQ(std::string(error.what()).find('\n'), std::string::npos);
    }
  };
  auto good = parameters(10, 0.1, 1);
  auto p = good;
  for (std::size_t nodes : {0, 1}) {
    p = good, p.node_count = nodes;
    expect_rejected(p, "nodes");
  }
  for (double density : {-0.01, 1.01, double(NAN)}) {
    p = good, p.density = density;
    expect_rejected(p, "density");
  }
  for (double mean : {0.0, -5.0, double(INFINITY), double(NAN)}) {
    p = good, p.bandwidth_mean = mean;
    expect_rejected(p, "bw-mean");
  }
  for (double sd : {-1.0, double(INFINITY)}) {
    p = good, p.bandwidth_sd = sd;
    expect_rejected(p, "bw-sd");
  }
  p = good, p.link_latency = -1e-6;
  expect_rejected(p, "latency");
}

TEST(RandomPlatformGenerator, UnitUniformStaysInTheHalfOpenInterval)
{
  std::mt19937_64 rng(1);
  for (int k = 0; k < 100000; ++k) {
    const double u = unit_uniform_draw(rng);
    ASSERT_GE(u, 0.0);
    ASSERT_LT(u, 1.0);
  }
}
