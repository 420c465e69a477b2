// Chu-Liu/Edmonds against exhaustive enumeration on small random digraphs, and by hand on a graph
// whose cheapest in-arcs form a cycle that must be contracted.
#include <hbcast/platform_graph/min_cost_arborescence.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>

using namespace hbcast;

namespace {

using Arcs = std::vector<std::pair<NodeId, NodeId>>;

// The total cost of `in` (one arc per node, kNoArc for the root) if it is a spanning arborescence
// rooted at `root` over `arcs`, or std::nullopt.
std::optional<double> arborescence_cost(std::size_t n, NodeId root, const Arcs& arcs, const std::vector<double>& costs,
                                        const std::vector<std::size_t>& in)
{
  if (in.size() != n || in[root] != kNoArc)
    return std::nullopt;
  double total = 0.0;
  for (NodeId v = 0; v < n; ++v) {
    if (v == root)
      continue;
    if (in[v] >= arcs.size() || arcs[in[v]].second != v)
      return std::nullopt;
    total += costs[in[v]];
    NodeId u = v;
    for (std::size_t steps = 0; u != root; ++steps) {  // must reach the root within n steps
      if (steps == n)
        return std::nullopt;
      u = arcs[in[u]].first;
    }
  }
  return total;
}

// The least cost over every choice of one in-arc per non-root node that is an arborescence.
std::optional<double> cheapest_by_enumeration(std::size_t n, NodeId root, const Arcs& arcs,
                                              const std::vector<double>& costs)
{
  std::vector<std::vector<std::size_t>> in_arcs(n);
  for (std::size_t k = 0; k < arcs.size(); ++k)
    if (arcs[k].second != root && arcs[k].first != arcs[k].second)
      in_arcs[arcs[k].second].push_back(k);
  std::vector<std::size_t> choice(n, 0), in(n, kNoArc);
  std::optional<double> best;
  for (NodeId v = 0; v < n; ++v)
    if (v != root && in_arcs[v].empty())
      return std::nullopt;
  while (true) {
    for (NodeId v = 0; v < n; ++v)
      in[v] = v == root ? kNoArc : in_arcs[v][choice[v]];
    if (const auto cost = arborescence_cost(n, root, arcs, costs, in); cost && (!best || *cost < *best))
      best = cost;
    NodeId v = 0;  // next choice, as an odometer over the non-root nodes
    for (; v < n; ++v) {
      if (v == root)
        continue;
      if (++choice[v] < in_arcs[v].size())
        break;
      choice[v] = 0;
    }
    if (v == n)
      return best;
  }
}

}  // namespace

// 0 -> 1 (10), 0 -> 2 (12), 1 -> 2 (1), 2 -> 1 (2), 2 -> 3 (3), 3 -> 1 (1). The cheapest in-arcs of
// 1 and 2 (3 -> 1 and 1 -> 2, with 2 -> 3) form the cycle 1 -> 2 -> 3 -> 1, so it is contracted;
// entering it by 0 -> 1 saves 10 - 1 = 9, by 0 -> 2 saves 12 - 1 = 11: 0 -> 1, 1 -> 2, 2 -> 3 (14).
TEST(MinCostArborescence, ContractsACycle)
{
  const Arcs arcs{{0, 1}, {0, 2}, {1, 2}, {2, 1}, {2, 3}, {3, 1}};
  const std::vector<double> costs{10, 12, 1, 2, 3, 1};
  const auto in = min_cost_arborescence(4, 0, arcs, costs);
  ASSERT_TRUE(in);
  EXPECT_EQ(*in, (std::vector<std::size_t>{kNoArc, 0, 2, 4}));
  EXPECT_EQ(cheapest_by_enumeration(4, 0, arcs, costs), 14.0);
}

TEST(MinCostArborescence, UnreachableNodeAndBadInput)
{
  EXPECT_FALSE(min_cost_arborescence(3, 0, {{0, 1}, {2, 1}}, {1, 1}));  // nothing enters 2
  EXPECT_FALSE(min_cost_arborescence(4, 0, {{0, 1}, {2, 3}, {3, 2}}, {1, 1, 1}));  // {2, 3} closed off
  EXPECT_EQ(min_cost_arborescence(1, 0, {}, {}), std::vector<std::size_t>{kNoArc});
  EXPECT_THROW(min_cost_arborescence(2, 2, {{0, 1}}, {1}), std::invalid_argument);
  EXPECT_THROW(min_cost_arborescence(2, 0, {{0, 2}}, {1}), std::invalid_argument);
  EXPECT_THROW(min_cost_arborescence(2, 0, {{0, 1}}, {}), std::invalid_argument);
}

// 300 random digraphs of 4..6 nodes (self-loops, parallel arcs, arcs into the root, small integer
// costs for ties and negative ones included; about a third leave a node unreachable): found exactly
// when enumeration finds one, a spanning arborescence, and as cheap as the cheapest enumerated.
TEST(MinCostArborescence, MatchesEnumerationOnRandomDigraphs)
{
  constexpr std::uint64_t kBaseSeed = 20261124;
  for (std::uint64_t seed = kBaseSeed; seed < kBaseSeed + 300; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937_64 rng(seed);
    const std::size_t n = std::uniform_int_distribution<std::size_t>(4, 6)(rng);
    const NodeId root = std::uniform_int_distribution<NodeId>(0, n - 1)(rng);
    const std::size_t arc_count = std::uniform_int_distribution<std::size_t>(2 * n, 4 * n)(rng);
    std::uniform_int_distribution<NodeId> node(0, n - 1);
    std::uniform_int_distribution<int> integer_cost(-2, 6);
    std::uniform_real_distribution<double> real_cost(0.0, 10.0);
    const bool integral = seed % 2 == 0;
    Arcs arcs;
    std::vector<double> costs;
    for (std::size_t k = 0; k < arc_count; ++k) {
      arcs.emplace_back(node(rng), node(rng));
      costs.push_back(integral ? integer_cost(rng) : real_cost(rng));
    }
    const auto expected = cheapest_by_enumeration(n, root, arcs, costs);
    const auto in = min_cost_arborescence(n, root, arcs, costs);
    ASSERT_EQ(in.has_value(), expected.has_value());
    if (!in)
      continue;
    const auto cost = arborescence_cost(n, root, arcs, costs, *in);
    ASSERT_TRUE(cost) << "not a spanning arborescence";
    EXPECT_NEAR(*cost, *expected, 1e-9);
  }
}
