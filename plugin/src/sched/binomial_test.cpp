#include <hbcast/core/tree_validation.hpp>
#include <hbcast/eval/atomic_evaluator.hpp>
#include <hbcast/model/sender_only_model.hpp>
#include <hbcast/sched/binomial.hpp>

#include <gtest/gtest.h>

#include <cmath>

using namespace hbcast;

TEST(BinomialScheduler, PowerOfTwoFollowsAlgorithm4)
{
  auto tree = binomial_tree(8, 0);
  EXPECT_EQ(tree.children(0), (std::vector<NodeId>{4, 2, 1}));
  EXPECT_EQ(tree.children(4), (std::vector<NodeId>{6, 5}));
  EXPECT_EQ(tree.children(2), (std::vector<NodeId>{3}));
  EXPECT_EQ(tree.children(6), (std::vector<NodeId>{7}));
  EXPECT_TRUE(tree.children(7).empty());
}

TEST(BinomialScheduler, ExtraRanksReceiveInALastRound)
{
  // n = 6, 2^m = 4: ranks 4 and 5 receive from ranks 0 and 1 after the binomial part.
  auto tree = binomial_tree(6, 0);
  EXPECT_EQ(tree.children(0), (std::vector<NodeId>{2, 1, 4}));
  EXPECT_EQ(tree.children(1), (std::vector<NodeId>{5}));
  EXPECT_EQ(tree.children(2), (std::vector<NodeId>{3}));
}

TEST(BinomialScheduler, RanksAreRelativeToTheRoot)
{
  auto tree = binomial_tree(8, 3);
  EXPECT_EQ(tree.root(), 3u);
  EXPECT_EQ(tree.children(3), (std::vector<NodeId>{7, 5, 4}));
  EXPECT_EQ(tree.children(7), (std::vector<NodeId>{1, 0}));
}

TEST(BinomialScheduler, HomogeneousMakespanIsCeilLog2Rounds)
{
  // With unit transfers the binomial tree needs ceil(log2 n) rounds, the telephone-model optimum.
  for (std::size_t n = 1; n <= 70; ++n) {
    auto costs = SenderOnlyModel::from_times(std::vector<double>(n, 1.0));
    for (NodeId root : {NodeId{0}, NodeId{n / 2}, NodeId{n - 1}}) {
      auto tree = binomial_tree(n, root);
      ASSERT_NO_THROW(validate_tree(tree)) << "n " << n << " root " << root;
      const double rounds = n == 1 ? 0.0 : std::ceil(std::log2(static_cast<double>(n)));
      ASSERT_DOUBLE_EQ(evaluate_atomic(tree, costs, 1.0, PortModel::one_port).makespan, rounds) << "n " << n;
    }
  }
}

TEST(BinomialScheduler, RoundsAreCeilLog2)
{
  EXPECT_EQ(binomial_rounds(0), 0u);
  EXPECT_EQ(binomial_rounds(1), 0u);
  EXPECT_EQ(binomial_rounds(2), 1u);
  EXPECT_EQ(binomial_rounds(3), 2u);
  EXPECT_EQ(binomial_rounds(4), 2u);
  EXPECT_EQ(binomial_rounds(5), 3u);
  EXPECT_EQ(binomial_rounds(31), 5u);
  EXPECT_EQ(binomial_rounds(32), 5u);
  EXPECT_EQ(binomial_rounds(33), 6u);
}
