// The slots of a period on random plans: every slot a matching, every edge's block sent once in
// order, and (without latency) the slots' lengths summing to the busiest port's time, Konig's bound.
#include <hbcast/platform_graph/periodic_decomposition.hpp>

#include <hbcast/model/dense_cost_model.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <random>

using namespace hbcast;

namespace {

// A random spanning tree of `nodes` rooted at 0: each node's parent among the nodes before it in
// a random order.
BroadcastTree random_tree(std::size_t nodes, std::mt19937& rng)
{
  std::vector<NodeId> order(nodes);
  std::iota(order.begin(), order.end(), 0);
  std::shuffle(order.begin() + 1, order.end(), rng);
  BroadcastTree tree(nodes, 0);
  for (std::size_t k = 1; k < nodes; ++k)
    tree.add_child(order[rng() % k], order[k]);
  return tree;
}

}  // namespace

TEST(PeriodicDecomposition, SlotsAreMatchingsWhoseLengthsSumToTheBusiestPort)
{
  for (unsigned seed = 1; seed <= 60; ++seed) {
    std::mt19937 rng(seed);
    const std::size_t nodes = 2 + rng() % 12, tree_count = 1 + rng() % 6;
    DenseCostModel costs(nodes);
    for (NodeId u = 0; u < nodes; ++u)
      for (NodeId v = 0; v < nodes; ++v)
        if (u != v)
          costs.set_link(u, v, 0.0, std::uniform_real_distribution<double>(1.0, 10.0)(rng));
    std::vector<BroadcastTree> trees;
    std::vector<double> weights;
    for (std::size_t t = 0; t < tree_count; ++t) {
      trees.push_back(random_tree(nodes, rng));
      weights.push_back(std::uniform_real_distribution<double>(0.1, 2.0)(rng));
    }
    const double slice = 1e3;
    const std::size_t period = 1 + rng() % 8;
    const PeriodicSchedule schedule = decompose_period(trees, weights, costs, slice, period);
    std::vector<std::vector<NodeId>> parents;
    for (const auto& tree : trees)
      parents.push_back(tree.parents());
    ASSERT_NO_THROW(check_periodic_schedule(schedule, parents)) << "seed " << seed;
    // Konig: Delta, the busiest port's time in the period, is the slots' total length.
    const double total = std::accumulate(weights.begin(), weights.end(), 0.0);
    std::vector<double> sending(nodes, 0.0), receiving(nodes, 0.0);
    std::map<std::tuple<std::size_t, NodeId, NodeId>, double> length;
    for (std::size_t t = 0; t < trees.size(); ++t)
      for (NodeId u = 0; u < nodes; ++u)
        for (NodeId v : trees[t].children(u)) {
          const double time = costs.transfer_time(u, v, weights[t] / total * slice * static_cast<double>(period));
          length[{t, u, v}] = time;
          sending[u] += time;
          receiving[v] += time;
        }
    const double delta = std::max(*std::max_element(sending.begin(), sending.end()),
                                  *std::max_element(receiving.begin(), receiving.end()));
    double slots = 0.0;
    for (const auto& slot : schedule.slots) {
      double longest = 0.0;
      for (const auto& piece : slot)
        longest = std::max(longest, (piece.last - piece.first) * length.at({piece.tree, piece.from, piece.to}));
      slots += longest;
    }
    EXPECT_NEAR(slots, delta, delta * 1e-9) << "seed " << seed << ", " << nodes << " nodes, " << tree_count << " trees";
  }
}

TEST(PeriodicDecomposition, AShortPieceJoinsItsTransfersPreviousOne)
{
  // With a latency as long as the transfers, no piece is worth its own latency: every edge's block
  // goes in one piece.
  std::mt19937 rng(7);
  const std::size_t nodes = 6;
  DenseCostModel costs(nodes);
  for (NodeId u = 0; u < nodes; ++u)
    for (NodeId v = 0; v < nodes; ++v)
      if (u != v)
        costs.set_link(u, v, 10.0, 1.0 + static_cast<double>((u + v) % 3));
  std::vector<BroadcastTree> trees{random_tree(nodes, rng), random_tree(nodes, rng), random_tree(nodes, rng)};
  const PeriodicSchedule schedule = decompose_period(trees, {1.0, 2.0, 3.0}, costs, 1.0, 1);
  for (const auto& slot : schedule.slots)
    for (const auto& piece : slot) {
      EXPECT_EQ(piece.first, 0.0);
      EXPECT_EQ(piece.last, 1.0);
    }
}
