#include <hbcast/model/star_platform_generator.hpp>

#include <gtest/gtest.h>

#include <cmath>

using namespace hbcast;

namespace {

StarPlatformParameters parameters(std::size_t nodes, std::uint64_t seed)
{
  StarPlatformParameters p;
  p.node_count = nodes;
  p.seed = seed;
  return p;
}

std::vector<double> link_values(const PlatformGraph& graph)
{
  std::vector<double> values;
  for (const auto& link : graph.links()) {
    values.push_back(link.bandwidth);
    values.push_back(link.latency);
  }
  return values;
}

}  // namespace

TEST(StarPlatformGenerator, SameSeedSameStarDifferentSeedDifferentStar)
{
  const auto first = generate_star_platform(parameters(16, 42));
  const auto again = generate_star_platform(parameters(16, 42));
  EXPECT_EQ(link_values(first), link_values(again));
  EXPECT_EQ(first.parameters(), again.parameters());
  EXPECT_NE(link_values(first), link_values(generate_star_platform(parameters(16, 43))));
  EXPECT_EQ(first.parameters().at("generator"), "star");
  EXPECT_EQ(first.parameters().at("seed"), "42");
  EXPECT_EQ(first.parameters().at("bw-max"), "1.25e+09");
  EXPECT_EQ(first.parameters().at("lat-min"), "1e-05");
}

TEST(StarPlatformGenerator, EveryHostHasAnUpAndADownLinkThroughTheSwitch)
{
  const auto graph = generate_star_platform(parameters(9, 3));
  EXPECT_EQ(graph.shape(), PlatformGraph::Shape::star);
  ASSERT_EQ(graph.host_count(), 9u);
  ASSERT_EQ(graph.links().size(), 18u);
  for (std::size_t k = 0; k < 9; ++k) {
    const auto& up = graph.links()[2 * k];
    const auto& down = graph.links()[2 * k + 1];
    EXPECT_EQ(up.from, k);
    EXPECT_EQ(up.to, PlatformGraph::kStarSwitch);
    EXPECT_EQ(down.from, PlatformGraph::kStarSwitch);
    EXPECT_EQ(down.to, k);
    EXPECT_TRUE(up.directed && down.directed);
    EXPECT_EQ(graph.outgoing_links(k), std::vector<std::size_t>{2 * k});
  }
}

TEST(StarPlatformGenerator, ValuesStayInTheirRanges)
{
  auto p = parameters(500, 8);
  const auto wide = generate_star_platform(p);
  for (const auto& link : wide.links()) {
    EXPECT_GE(link.bandwidth, p.bandwidth_min);
    EXPECT_LE(link.bandwidth, p.bandwidth_max);
    EXPECT_GE(link.latency, p.latency_min);
    EXPECT_LE(link.latency, p.latency_max);
  }
  p.bandwidth_min = p.bandwidth_max = 5e8;
  p.latency_min = p.latency_max = 0.0;
  const auto constant = generate_star_platform(p);
  for (const auto& link : constant.links()) {
    EXPECT_EQ(link.bandwidth, 5e8);
    EXPECT_EQ(link.latency, 0.0);
  }
}

TEST(StarPlatformGenerator, DrawsAreUniform)
{
  // 20,000 bandwidth draws uniform on [a, b]: sd (b - a)/sqrt(12), the sample mean's standard
  // error that over sqrt(20000); we allow 5 standard errors. Same for latencies.
  auto p = parameters(10000, 5);
  const auto graph = generate_star_platform(p);
  double bandwidth_sum = 0.0, latency_sum = 0.0;
  for (const auto& link : graph.links()) {
    bandwidth_sum += link.bandwidth;
    latency_sum += link.latency;
  }
  const double count = static_cast<double>(graph.links().size());
  const double error = 5.0 / std::sqrt(12.0 * count);
  EXPECT_NEAR(bandwidth_sum / count, (p.bandwidth_min + p.bandwidth_max) / 2,
              error * (p.bandwidth_max - p.bandwidth_min));
  EXPECT_NEAR(latency_sum / count, (p.latency_min + p.latency_max) / 2, error * (p.latency_max - p.latency_min));
}

TEST(StarPlatformGenerator, SendOverheadIsEightyPercentOfTheUpLinkExactly)
{
  const auto graph = generate_star_platform(parameters(12, 77));
  for (std::size_t k = 0; k < 12; ++k) {
    const auto& up = graph.links()[2 * k];
    EXPECT_EQ(graph.send_overhead(k).latency, 0.8 * up.latency);
    EXPECT_EQ(graph.send_overhead(k).bandwidth, up.bandwidth / 0.8);
  }
  // Hand-built: the down link (faster) must not count, only what the host sends on.
  PlatformGraph star(PlatformGraph::Shape::star, {"a", "b"});
  star.add_link({0, PlatformGraph::kStarSwitch, 1e6, 1e-3, true});
  star.add_link({PlatformGraph::kStarSwitch, 0, 1e9, 1e-6, true});
  star.add_link({1, PlatformGraph::kStarSwitch, 2e6, 2e-3, true});
  star.add_link({PlatformGraph::kStarSwitch, 1, 1e9, 1e-6, true});
  apply_fastest_link_send_overheads(star);
  EXPECT_EQ(star.send_overhead(0).latency, 0.8 * 1e-3);
  EXPECT_EQ(star.send_overhead(0).bandwidth, 1e6 / 0.8);
  EXPECT_EQ(star.send_overhead(1).bandwidth, 2e6 / 0.8);
}

TEST(StarPlatformGenerator, RejectsImpossibleParametersNamingThem)
{
  auto expect_rejected = [](StarPlatformParameters p, const std::string& name) {
    try {
      generate_star_platform(p);
      ADD_FAILURE() << "accepted bad " << name;
    } catch (const std::invalid_argument& error) {
      EXPECT_NE(std::string(error.what()).find("'" + name + "'"), std::string::npos) << error.what();
    }
  };
  const auto good = parameters(4, 1);
  auto p = good;
  p.node_count = 1;
  expect_rejected(p, "nodes");
  p = good, p.bandwidth_min = 0.0;
  expect_rejected(p, "bw-min");
  p = good, p.bandwidth_max = p.bandwidth_min / 2;
  expect_rejected(p, "bw-max");
  p = good, p.bandwidth_max = INFINITY;
  expect_rejected(p, "bw-max");
  p = good, p.latency_min = -1e-6;
  expect_rejected(p, "lat-min");
  p = good, p.latency_max = p.latency_min / 2;
  expect_rejected(p, "lat-max");
  p = good, p.latency_max = NAN;
  expect_rejected(p, "lat-max");
}
