#include "max_flow_network.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <random>
#include <string>

using namespace hbcast;

// 0 -> 1 (3), 0 -> 2 (2), 1 -> 2 (1), 1 -> 3 (2), 2 -> 3 (3). To 3: 5, all the source can send, so
// the residual search from 0 stops at once. To 2: 0 -> 2 and 0 -> 1 -> 2 give 3; 0 -> 1 keeps 2 of
// residual and 1 -> 3 too, so the source side of the minimum cut is {0, 1, 3}.
TEST(MaxFlowNetwork, MaxFlowMinCutAndLimit)
{
  MaxFlowNetwork network(4, {{0, 1}, {0, 2}, {1, 2}, {1, 3}, {2, 3}});
  network.set_capacities({3, 2, 1, 2, 3}, 1e-12);
  EXPECT_DOUBLE_EQ(network.solve(0, 3, 100.0), 5.0);
  EXPECT_DOUBLE_EQ(network.flow(0) + network.flow(1), 5.0);
  EXPECT_DOUBLE_EQ(network.flow(3) + network.flow(4), 5.0);
  EXPECT_EQ(network.source_side(0), (std::vector<bool>{true, false, false, false}));

  EXPECT_DOUBLE_EQ(network.solve(0, 3, 4.0), 4.0);  // capped by the limit
  EXPECT_DOUBLE_EQ(network.solve(0, 2, 100.0), 3.0);  // 0 -> 2 and 0 -> 1 -> 2
  EXPECT_EQ(network.source_side(0), (std::vector<bool>{true, true, false, true}));

  network.set_capacities({1, 0, 0, 5, 0}, 1e-12);  // 0 -> 1 -> 3 only
  EXPECT_DOUBLE_EQ(network.solve(0, 3, 100.0), 1.0);
  EXPECT_DOUBLE_EQ(network.solve(0, 2, 100.0), 0.0);
}

namespace {

struct RandomNetwork {
  std::size_t nodes = 0;
  std::vector<std::pair<NodeId, NodeId>> arcs;
  std::vector<double> capacity;
};

RandomNetwork random_network(std::mt19937& random)
{
  RandomNetwork network;
  network.nodes = std::uniform_int_distribution<std::size_t>(2, 7)(random);
  std::uniform_int_distribution<NodeId> node(0, static_cast<NodeId>(network.nodes - 1));
  std::uniform_int_distribution<int> capacity(0, 4);  // small integers: ties between cuts are common
  const std::size_t arcs = std::uniform_int_distribution<std::size_t>(1, 3 * network.nodes)(random);
  for (std::size_t k = 0; k < arcs; ++k) {
    const NodeId from = node(random), to = node(random);
    if (from != to) {
      network.arcs.emplace_back(from, to);
      network.capacity.push_back(capacity(random));
    }
  }
  return network;
}

// By exhaustion: the capacity of the minimum cut from source to sink, and the least of the
// minimum cuts' source sides (their intersection is one of them: the residual reach).
std::pair<double, std::vector<bool>> exhaustive_minimum_cut(const RandomNetwork& network, NodeId source, NodeId sink)
{
  double best = std::numeric_limits<double>::infinity();
  std::vector<bool> least;
  for (unsigned mask = 0; mask < (1u << network.nodes); ++mask) {
    if (!(mask >> source & 1u) || (mask >> sink & 1u))
      continue;
    double cut = 0.0;
    for (std::size_t k = 0; k < network.arcs.size(); ++k)
      if ((mask >> network.arcs[k].first & 1u) && !(mask >> network.arcs[k].second & 1u))
        cut += network.capacity[k];
    std::vector<bool> side(network.nodes);
    for (NodeId v = 0; v < network.nodes; ++v)
      side[v] = mask >> v & 1u;
    if (cut < best) {
      best = cut;
      least = side;
    } else if (cut == best) {
      for (NodeId v = 0; v < network.nodes; ++v)
        least[v] = least[v] && side[v];
    }
  }
  return {best, least};
}

}  // namespace

// One network solved for every (source, sink) in turn, as the cut generation uses it (the flow of
// each solve starts from the previous one's touched arcs put back): every value, cut side and cut
// arc list against exhaustion on 300 random networks, no flow off the listed arcs, with the levels counted from the source
// (solve) and from the sink (solve_from_sink), and with the two alternating on one network.
class MaxFlowNetworkProperty : public ::testing::TestWithParam<const char*> {
protected:
  double solve(MaxFlowNetwork& network, NodeId source, NodeId sink, double limit, unsigned call)
  {
    const std::string way = GetParam();
    const bool from_sink = way == "from_sink" || (way == "alternating" && call % 2 == 1);
    return from_sink ? network.solve_from_sink(source, sink, limit) : network.solve(source, sink, limit);
  }
};

TEST_P(MaxFlowNetworkProperty, EqualsExhaustiveMinimumCutsAcrossRepeatedSolves)
{
  for (unsigned seed = 1; seed <= 300; ++seed) {
    std::mt19937 random(seed);
    const RandomNetwork instance = random_network(random);
    MaxFlowNetwork network(instance.nodes, instance.arcs);
    network.set_capacities(instance.capacity, 1e-12);
    unsigned call = 0;
    for (NodeId source = 0; source < instance.nodes; ++source)
      for (NodeId sink = 0; sink < instance.nodes; ++sink) {
        if (source == sink)
          continue;
        const auto [minimum, least_side] = exhaustive_minimum_cut(instance, source, sink);
        ASSERT_NEAR(solve(network, source, sink, 1e9, ++call), minimum, 1e-9) << "seed " << seed;
        // arcs_with_flow() lists every arc with flow (the final loads read only those).
        std::vector<bool> listed(instance.arcs.size(), false);
        for (std::size_t e : network.arcs_with_flow())
          listed[e] = true;
        for (std::size_t e = 0; e < instance.arcs.size(); ++e)
          if (!listed[e]) {
            ASSERT_EQ(network.flow(e), 0.0) << "seed " << seed << " arc " << e;
          }
        std::vector<int> leaving;
        for (std::size_t k = 0; k < instance.arcs.size(); ++k)
          if (least_side[instance.arcs[k].first] && !least_side[instance.arcs[k].second])
            leaving.push_back(static_cast<int>(k));
        // The cut arcs first: the first source-side search after a solve may stop short.
        ASSERT_EQ(network.arcs_leaving_source_side(source), leaving) << "seed " << seed;
        ASSERT_EQ(network.source_side(source), least_side) << "seed " << seed << " " << source << "->" << sink;
        if (minimum > 1.0) {
          ASSERT_NEAR(solve(network, source, sink, 1.0, ++call), 1.0, 1e-12) << "seed " << seed;  // capped
        }
      }
  }
}
INSTANTIATE_TEST_SUITE_P(Levels, MaxFlowNetworkProperty, ::testing::Values("from_source", "from_sink", "alternating"));
