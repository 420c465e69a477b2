// The two trees and the chain, checked by hand on small orders and exhaustively for every n up to 300.
#include <hbcast/core/tree_validation.hpp>
#include <hbcast/eval/plan_period.hpp>
#include <hbcast/model/dense_cost_model.hpp>
#include <hbcast/sched/chain.hpp>
#include <hbcast/sched/topology_order.hpp>
#include <hbcast/sched/two_tree.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <numeric>

using namespace hbcast;

using Children = std::vector<NodeId>;

namespace {

std::vector<NodeId> identity_order(std::size_t n)
{
  std::vector<NodeId> order(n);
  std::iota(order.begin(), order.end(), NodeId{0});
  return order;
}

std::size_t depth(const BroadcastTree& tree, NodeId node = kNoNode)
{
  if (node == kNoNode)
    node = tree.root();
  std::size_t deepest = 0;
  for (NodeId child : tree.children(node))
    deepest = std::max(deepest, 1 + depth(tree, child));
  return deepest;
}

// Two groups of hosts, 4 and 3, declared interleaved (0, 2, 4, 6 | 1, 3, 5): 1e-5 s inside a
// group, 1e-3 s between them.
std::shared_ptr<DenseCostModel> two_groups()
{
  auto costs = std::make_shared<DenseCostModel>(7);
  for (NodeId u = 0; u < 7; ++u)
    for (NodeId v = 0; v < 7; ++v)
      if (u != v)
        costs->set_link(u, v, u % 2 == v % 2 ? 1e-5 : 1e-3, 1e8);
  return costs;
}

}  // namespace

// Positions 0..6 of seven non-root hosts (order 1..7): the in-order tree has root 3, children 1
// and 5, leaves 0, 2, 4, 6 (hosts 4; 2, 6; 1, 3, 5, 7). Shifted by one, position p is host p + 2
// (mod 7): root host 5, inner hosts 3 and 7, leaves 2, 4, 6, 1: no host is inner in both.
// Six others (n even): position 5 above the tree of 0..4 (root 1, then 3), mirrored p -> 5 - p.
TEST(TwoTree, SevenOthersByHand)
{
  const auto [first, second] = two_trees(8, identity_order(8));
  EXPECT_EQ(first.children(0), (Children{4}));
  EXPECT_EQ(first.children(4), (Children{2, 6}));
  EXPECT_EQ(first.children(2), (Children{1, 3}));
  EXPECT_EQ(first.children(6), (Children{5, 7}));
  EXPECT_EQ(second.children(0), (Children{5}));
  EXPECT_EQ(second.children(5), (Children{3, 7}));
  EXPECT_EQ(second.children(3), (Children{2, 4}));
  EXPECT_EQ(second.children(7), (Children{6, 1}));
  const auto [even_first, even_second] = two_trees(7, identity_order(7));
  EXPECT_EQ(even_first.children(0), (Children{6}));
  EXPECT_EQ(even_first.children(6), (Children{2}));
  EXPECT_EQ(even_first.children(2), (Children{1, 4}));
  EXPECT_EQ(even_first.children(4), (Children{3, 5}));
  EXPECT_EQ(even_second.children(0), (Children{1}));
  EXPECT_EQ(even_second.children(1), (Children{5}));
  EXPECT_EQ(even_second.children(5), (Children{6, 3}));
  EXPECT_EQ(even_second.children(3), (Children{4, 2}));
}

// Every n: both trees span the hosts from the root, are at most ceil(log2(n)) + 1 deep, and no
// host is an inner node of both, so that each host sends about as much as it receives.
TEST(TwoTree, EveryOrderUpToThreeHundred)
{
  for (std::size_t hosts = 2; hosts <= 300; ++hosts) {
    SCOPED_TRACE(hosts);
    const auto trees = two_trees(hosts, identity_order(hosts));
    std::vector<std::size_t> inner(hosts, 0);
    for (const auto& tree : trees) {
      validate_tree(tree);
      EXPECT_LE(depth(tree), static_cast<std::size_t>(std::ceil(std::log2(static_cast<double>(hosts - 1)))) + 1);
      for (NodeId u = 1; u < hosts; ++u)
        inner[u] += !tree.children(u).empty();
    }
    EXPECT_EQ(std::count(inner.begin(), inner.end(), 2u), 0);
  }
}

// The order follows the latency groups: the root's group from the root on, then the other group.
TEST(TopologyOrder, GroupsBeforeHostOrder)
{
  const auto costs = two_groups();
  std::vector<std::string> names;
  for (int k = 0; k < 7; ++k)
    names.push_back("h" + std::to_string(k));
  const BroadcastInstance instance(costs, names, 1e6);
  EXPECT_EQ(topology_order(instance, 0), (Children{0, 2, 4, 6, 1, 3, 5}));
  EXPECT_EQ(topology_order(instance, 3), (Children{3, 5, 1, 0, 2, 4, 6}));
  const auto chain = schedule_chain(instance, 3).tree;
  EXPECT_EQ(chain.children(3), (Children{5}));
  EXPECT_EQ(chain.children(1), (Children{0}));
  EXPECT_TRUE(chain.children(6).empty());
}

// The plan: half the slices on each tree, weights summing to the plan's predicted throughput in
// slices per second for the instance's transfer size.
TEST(TwoTree, PlanWeights)
{
  const auto costs = two_groups();
  std::vector<std::string> names(7, "h");
  for (int k = 0; k < 7; ++k)
    names[k] += std::to_string(k);
  const BroadcastInstance instance(costs, names, 1e6);
  const auto result = schedule_two_tree(instance, 0);
  ASSERT_EQ(result.weighted_trees.size(), 2u);
  const double period = plan_period({result.weighted_trees[0].tree, result.weighted_trees[1].tree}, {1, 1}, *costs,
                                    1e6, PortModel::one_port);
  EXPECT_DOUBLE_EQ(result.weighted_trees[0].weight, 0.5 / period);
  EXPECT_DOUBLE_EQ(result.weighted_trees[1].weight, 0.5 / period);
}
