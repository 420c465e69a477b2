// Generated platforms (Beaumont-Marchal-Robert, section 5.1) written as XML load in SimGrid 3.32 with exactly
// the generated values: direct routes, send overheads, star routes, and an exact-mode replay on
// the star equal to the pairwise prediction. One engine per test, hence per process.
#include <hbcast/core/binomial_tree.hpp>
#include <hbcast/eval/atomic_evaluator.hpp>
#include <hbcast/model/random_platform_generator.hpp>
#include <hbcast/model/star_platform_generator.hpp>
#include <hbcast/model/tiers_platform_generator.hpp>
#include <hbcast/platform/loaded_platform.hpp>
#include <hbcast/platform/platform_cost_model.hpp>
#include <hbcast/platform/platform_xml_writer.hpp>
#include <hbcast/replay/tree_broadcast.hpp>
#include <hbcast/sched/flat.hpp>

#include "support/code_platforms.hpp"
#include "support/xml_file.hpp"

#include <gtest/gtest.h>
#include <simgrid/s4u/Actor.hpp>

#include <queue>
#include <sstream>

namespace sg4 = simgrid::s4u;
using namespace hbcast;

namespace {

constexpr double kTolerance = 1e-9;
const double kSizes[] = {0.0, 1.0, 4194304.0, 1e9};

// The graph's XML in a temporary file, removed when the test ends.
test_support::XmlFile platform_file(const PlatformGraph& graph)
{
  std::ostringstream xml;
  write_platform_xml(xml, graph);
  return {"hbcast-generated", xml.str()};
}

// Hop distances from `source` in the generated graph (Floyd routes take the fewest hops).
std::vector<std::size_t> hop_distances(const PlatformGraph& graph, std::size_t source)
{
  std::vector<std::size_t> distance(graph.host_count(), graph.host_count());
  std::queue<std::size_t> pending;
  distance[source] = 0;
  pending.push(source);
  while (!pending.empty()) {
    const std::size_t u = pending.front();
    pending.pop();
    for (std::size_t k : graph.outgoing_links(u)) {
      const std::size_t v = graph.other_end(graph.links()[k], u);
      if (distance[v] == graph.host_count()) {
        distance[v] = distance[u] + 1;
        pending.push(v);
      }
    }
  }
  return distance;
}

// Adjacent hosts talk over their one link, with its exact bandwidth and latency, both ways;
// other pairs over a route of as many links as the fewest hops between them (Floyd).
void expect_direct_links_and_fewest_hop_routes(const PlatformGraph& graph, const PlatformCostModel& costs)
{
  for (const auto& link : graph.links())
    for (auto [u, v] : {std::pair{link.from, link.to}, std::pair{link.to, link.from}}) {
      const RouteCost& route = costs.route(u, v);
      EXPECT_EQ(route.link_count, 1u) << u << "->" << v;
      EXPECT_EQ(route.bandwidth, link.bandwidth) << u << "->" << v;
      EXPECT_EQ(route.latency, link.latency) << u << "->" << v;
    }
  for (std::size_t u = 0; u < graph.host_count(); ++u) {
    const auto hops = hop_distances(graph, u);
    for (std::size_t v = 0; v < graph.host_count(); ++v)
      if (u != v) {
        EXPECT_EQ(costs.route(u, v).link_count, hops[v]) << u << "->" << v;
        EXPECT_GT(costs.route(u, v).bandwidth, 0.0);
      }
  }
}

void expect_send_overheads_read_back(const PlatformGraph& graph, const LoadedPlatform& platform,
                                     const PlatformCostModel& costs)
{
  for (std::size_t u = 0; u < graph.host_count(); ++u)
    for (double bytes : kSizes) {
      const double generated = graph.send_overhead_time(u, bytes);
      // Read back as latency + S * (1 / bandwidth): equal to the generated lat + S / bw within a few ulps.
      EXPECT_DOUBLE_EQ(host_send_overhead(platform.hosts()[u]).at(bytes), generated) << "host " << u << ", " << bytes << " B";
      EXPECT_DOUBLE_EQ(costs.send_overhead(u, bytes), generated) << "host " << u << ", " << bytes << " B";
    }
}

RandomPlatformParameters random_parameters(int seed)
{
  RandomPlatformParameters p;
  p.seed = static_cast<std::uint64_t>(seed);
  p.node_count = 2 + static_cast<std::size_t>(seed * 7) % 40;
  p.density = std::vector<double>{0.0, 0.04, 0.12, 0.2, 0.5}[static_cast<std::size_t>(seed) % 5];
  p.link_latency = seed % 2 == 0 ? 0.0 : 1e-5 * seed;
  return p;
}

class GeneratedRandomPlatform : public ::testing::TestWithParam<int> {};
class GeneratedStarPlatform : public ::testing::TestWithParam<int> {};

}  // namespace

TEST_P(GeneratedRandomPlatform, LoadsWithExactLinksFewestHopRoutesAndSendOverheads)
{
  const auto p = random_parameters(GetParam());
  const auto graph = generate_random_platform(p);
  const auto file = platform_file(graph);
  auto engine = test_support::make_engine("generated_platforms_test");
  test_support::set_exact_mode(engine);
  auto platform = LoadedPlatform::load(engine, file.path());
  ASSERT_EQ(platform.size(), p.node_count);
  EXPECT_EQ(platform.host_names(), graph.host_names());
  PlatformCostModel costs(platform);  // probes every ordered pair, throws if one is unroutable

  expect_direct_links_and_fewest_hop_routes(graph, costs);
  for (std::size_t u = 0; u < graph.host_count(); ++u) {  // every link has the same latency
    const auto hops = hop_distances(graph, u);
    for (std::size_t v = 0; v < graph.host_count(); ++v)
      if (u != v) {
        EXPECT_NEAR(costs.route(u, v).latency, static_cast<double>(hops[v]) * p.link_latency, 1e-15);
      }
  }
  expect_send_overheads_read_back(graph, platform, costs);
}
INSTANTIATE_TEST_SUITE_P(generated, GeneratedRandomPlatform, ::testing::Range(1, 13));

TEST_P(GeneratedStarPlatform, RoutesAreUpThenDownAndReplayMatchesThePrediction)
{
  StarPlatformParameters p;
  p.seed = static_cast<std::uint64_t>(GetParam());
  p.node_count = 2 + static_cast<std::size_t>(GetParam() * 5) % 30;
  const auto graph = generate_star_platform(p);
  const auto file = platform_file(graph);
  auto engine = test_support::make_engine("generated_platforms_test");
  test_support::set_exact_mode(engine);  // before loading, or SimGrid aborts
  auto platform = LoadedPlatform::load(engine, file.path());
  ASSERT_EQ(platform.size(), p.node_count);
  EXPECT_EQ(platform.host_names(), graph.host_names());
  PlatformCostModel costs(platform);

  const auto& links = graph.links();  // link 2u is up_u, 2u+1 is down_u
  for (std::size_t u = 0; u < graph.host_count(); ++u)
    for (std::size_t v = 0; v < graph.host_count(); ++v)
      if (u != v) {
        const RouteCost& route = costs.route(u, v);
        EXPECT_EQ(route.link_count, 2u);
        EXPECT_EQ(route.latency, links[2 * u].latency + links[2 * v + 1].latency) << u << "->" << v;
        EXPECT_EQ(route.bandwidth, std::min(links[2 * u].bandwidth, links[2 * v + 1].bandwidth)) << u << "->" << v;
      }
  expect_send_overheads_read_back(graph, platform, costs);

  const NodeId root = static_cast<NodeId>(GetParam()) % p.node_count;
  const double bytes = 1e6 * GetParam();
  const std::vector<std::pair<std::string, BroadcastTree>> trees = {
      {"flat", flat_tree(p.node_count, root)}, {"binomial", binomial_tree(p.node_count, root)}};
  std::vector<double> predicted, replayed;
  for (const auto& [name, tree] : trees)
    predicted.push_back(evaluate_atomic(tree, costs, bytes, PortModel::one_port).makespan);
  sg4::Actor::create("controller", platform.hosts()[0], [&] {
    for (const auto& [name, tree] : trees) {
      auto broadcast = TreeBroadcast::start(tree, platform.hosts(), ReplayOptions{bytes, 1, PortModel::one_port, name});
      broadcast->wait();
      replayed.push_back(broadcast->result().makespan);
    }
  });
  engine.run();
  ASSERT_EQ(replayed.size(), trees.size());
  for (std::size_t k = 0; k < trees.size(); ++k)
    EXPECT_NEAR(replayed[k], predicted[k], kTolerance * predicted[k]) << trees[k].first;
}
INSTANTIATE_TEST_SUITE_P(generated, GeneratedStarPlatform, ::testing::Range(1, 9));

namespace {

class GeneratedTiersPlatform : public ::testing::TestWithParam<int> {};

// Presets 30 and 65 and a hand-picked shape with redundancy everywhere and several attachments.
TiersPlatformParameters tiers_parameters(int seed)
{
  TiersPlatformParameters p = seed % 3 == 2 ? tiers_preset(65) : tiers_preset(30);
  if (seed % 3 == 0) {
    p.mans_per_wan = 3, p.lans_per_man = 2, p.wan_nodes = 7, p.man_nodes = 4, p.lan_nodes = 3;
    p.wan_redundancy = 2, p.man_redundancy = 1, p.lan_redundancy = 1, p.man_wan_links = 2, p.lan_man_links = 2;
  }
  p.seed = static_cast<std::uint64_t>(seed);
  return p;
}

}  // namespace

TEST_P(GeneratedTiersPlatform, LoadsWithExactLinksFewestHopRoutesAndSendOverheads)
{
  const auto p = tiers_parameters(GetParam());
  const auto graph = generate_tiers_platform(p);
  const auto file = platform_file(graph);
  auto engine = test_support::make_engine("generated_platforms_test");
  test_support::set_exact_mode(engine);
  auto platform = LoadedPlatform::load(engine, file.path());
  ASSERT_EQ(platform.size(), tiers_node_count(p));
  EXPECT_EQ(platform.host_names(), graph.host_names());
  PlatformCostModel costs(platform);  // probes every ordered pair, throws if one is unroutable

  expect_direct_links_and_fewest_hop_routes(graph, costs);
  expect_send_overheads_read_back(graph, platform, costs);
}
INSTANTIATE_TEST_SUITE_P(generated, GeneratedTiersPlatform, ::testing::Range(1, 7));
