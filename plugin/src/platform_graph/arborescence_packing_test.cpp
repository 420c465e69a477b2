// The arborescence packing: hand instances with known answers, Edmonds' branching theorem on random
// digraphs (the total equals the smallest root -> v max-flow), and the SSB(G) loads packed back into
// trees carrying the LP's throughput.
#include <hbcast/model/random_platform_generator.hpp>
#include <hbcast/model/topology_graph.hpp>
#include <hbcast/platform_graph/arborescence_packing.hpp>
#include <hbcast/platform_graph/steady_state_lp.hpp>

#include "max_flow_network.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>

using namespace hbcast;

namespace {

using Arcs = std::vector<std::pair<NodeId, NodeId>>;

// min over v != root of the max-flow root -> v under `capacities`.
double smallest_max_flow(std::size_t n, NodeId root, const Arcs& arcs, const std::vector<double>& capacities)
{
  MaxFlowNetwork network(n, arcs);
  const double largest = *std::max_element(capacities.begin(), capacities.end());
  double smallest = std::numeric_limits<double>::infinity();
  for (NodeId v = 0; v < n; ++v)
    if (v != root) {
      network.set_capacities(capacities, 1e-15 * largest);
      smallest = std::min(smallest, network.solve(root, v, std::numeric_limits<double>::infinity()));
    }
  return smallest;
}

// Every tree a spanning arborescence rooted at `root` of positive weight; the arcs' use within their
// capacities; no more trees than arcs of positive capacity; the weights summing to the total.
void expect_valid_packing(const ArborescencePacking& packing, std::size_t n, NodeId root, const Arcs& arcs,
                          const std::vector<double>& capacities)
{
  std::vector<double> used(arcs.size(), 0.0);
  double total = 0.0;
  for (const auto& tree : packing.trees) {
    EXPECT_GT(tree.weight, 0.0);
    total += tree.weight;
    ASSERT_EQ(tree.arcs.size(), n - 1);
    std::vector<NodeId> parent(n, kNoNode);
    for (std::size_t i = 0; i < tree.arcs.size(); ++i) {
      const NodeId v = i < root ? i : i + 1;  // the arcs enter the non-root nodes in order
      ASSERT_LT(tree.arcs[i], arcs.size());
      ASSERT_EQ(arcs[tree.arcs[i]].second, v);
      parent[v] = arcs[tree.arcs[i]].first;
      used[tree.arcs[i]] += tree.weight;
    }
    for (NodeId v = 0; v < n; ++v) {
      NodeId u = v;
      for (std::size_t steps = 0; u != root && steps < n; ++steps)
        u = parent[u];
      EXPECT_EQ(u, root) << v << " does not reach the root";
    }
  }
  for (std::size_t k = 0; k < arcs.size(); ++k)
    EXPECT_LE(used[k], capacities[k] * (1.0 + 1e-9)) << "arc " << k;
  EXPECT_NEAR(packing.total_weight, total, 1e-12 * total);
  const auto positive = std::count_if(capacities.begin(), capacities.end(), [](double c) { return c > 0.0; });
  EXPECT_LE(static_cast<std::ptrdiff_t>(packing.trees.size()), positive);
}

}  // namespace

// 0 -> 1 (2), 0 -> 2 (1), 1 -> 2 (1), 2 -> 1 (1). Max-flow to 1: 3, to 2: 2, so 2: {0 -> 1, 0 -> 2}
// and {0 -> 1, 1 -> 2}, one each (2 -> 1 is never worth using).
TEST(ArborescencePacking, Triangle)
{
  const Arcs arcs{{0, 1}, {0, 2}, {1, 2}, {2, 1}};
  const std::vector<double> capacities{2, 1, 1, 1};
  const auto packing = pack_arborescences(3, 0, arcs, capacities);
  EXPECT_NEAR(packing.total_weight, 2.0, 1e-12);
  EXPECT_EQ(packing.trees.size(), 2u);
  expect_valid_packing(packing, 3, 0, arcs, capacities);
}

// Two routes through every node sharing no arc, 1 -> 2 -> 3 (2 each) and 3 -> 2 -> 1 (3 each) after
// the root 0: each is a tree, and together they carry 2 + 3.
TEST(ArborescencePacking, DisjointRoutesAddUp)
{
  const Arcs arcs{{0, 1}, {1, 2}, {2, 3}, {0, 3}, {3, 2}, {2, 1}};
  const std::vector<double> capacities{2, 2, 2, 3, 3, 3};
  const auto packing = pack_arborescences(4, 0, arcs, capacities);
  EXPECT_NEAR(packing.total_weight, 5.0, 1e-12);
  ASSERT_EQ(packing.trees.size(), 2u);
  auto weights = std::vector<double>{packing.trees[0].weight, packing.trees[1].weight};
  std::sort(weights.begin(), weights.end());
  EXPECT_NEAR(weights[0], 2.0, 1e-12);
  EXPECT_NEAR(weights[1], 3.0, 1e-12);
  expect_valid_packing(packing, 4, 0, arcs, capacities);
}

TEST(ArborescencePacking, UnreachableNodeAndBadInput)
{
  EXPECT_EQ(pack_arborescences(3, 0, {{0, 1}, {1, 2}}, {1, 0}).total_weight, 0.0);  // 2 only by a zero arc
  EXPECT_TRUE(pack_arborescences(3, 0, {{0, 1}, {1, 2}}, {1, 0}).trees.empty());
  EXPECT_THROW(pack_arborescences(1, 0, {}, {}), std::invalid_argument);
  EXPECT_THROW(pack_arborescences(2, 2, {{0, 1}}, {1}), std::invalid_argument);
  EXPECT_THROW(pack_arborescences(2, 0, {{0, 2}}, {1}), std::invalid_argument);
  EXPECT_THROW(pack_arborescences(2, 0, {{0, 1}}, {-1}), std::invalid_argument);
  EXPECT_THROW(pack_arborescences(2, 0, {{0, 1}}, {std::numeric_limits<double>::infinity()}), std::invalid_argument);
  EXPECT_THROW(pack_arborescences(2, 0, {{0, 1}}, {}), std::invalid_argument);
}

// Edmonds' branching theorem on random digraphs of 5..30 nodes: a random spanning arborescence (in 9
// cases out of 10) plus random arcs, capacities over six orders of magnitude, a tenth of them zero.
TEST(ArborescencePacking, TotalIsTheSmallestMaxFlowOnRandomDigraphs)
{
  constexpr std::uint64_t kBaseSeed = 20261125;
  for (std::uint64_t seed = kBaseSeed; seed < kBaseSeed + 100; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937_64 rng(seed);
    const std::size_t n = std::uniform_int_distribution<std::size_t>(5, 30)(rng);
    const NodeId root = std::uniform_int_distribution<NodeId>(0, n - 1)(rng);
    std::uniform_int_distribution<NodeId> node(0, n - 1);
    Arcs arcs;
    if (seed % 10 != 0)
      for (NodeId v = 0; v < n; ++v)
        if (v != root)
          arcs.emplace_back(v == 0 || (v == 1 && root == 0) ? root : node(rng) % v, v);  // parents below v
    const std::size_t extra = std::uniform_int_distribution<std::size_t>(n, 4 * n)(rng);
    for (std::size_t k = 0; k < extra; ++k)
      arcs.emplace_back(node(rng), node(rng));
    std::vector<double> capacities;
    for (std::size_t k = 0; k < arcs.size(); ++k)
      capacities.push_back(rng() % 10 == 0 ? 0.0 : std::pow(10.0, std::uniform_real_distribution<double>(-3, 3)(rng)));
    const auto packing = pack_arborescences(n, root, arcs, capacities);
    const double expected = smallest_max_flow(n, root, arcs, capacities);
    EXPECT_NEAR(packing.total_weight, expected, 1e-9 * expected);
    expect_valid_packing(packing, n, root, arcs, capacities);
  }
}

// SSB(G)'s edge loads carry TP to every host: packed, they give trees whose weights sum to TP.
TEST(ArborescencePacking, SteadyStateLoadsPackIntoTheLpThroughput)
{
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    RandomPlatformParameters parameters;
    parameters.node_count = 10 + 2 * seed;
    parameters.density = 0.3;
    parameters.seed = seed;
    const auto graph = TopologyGraph::from_platform_graph(generate_random_platform(parameters));
    const auto solution = solve_steady_state_broadcast(graph, 0, 1e6);
    const auto links = graph.links();
    const auto packing = pack_arborescences(graph.size(), 0, links, solution.edge_loads);
    EXPECT_NEAR(packing.total_weight, solution.slices_per_second, 1e-7 * solution.slices_per_second);
    expect_valid_packing(packing, graph.size(), 0, links, solution.edge_loads);
  }
}
