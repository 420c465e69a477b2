#include <hbcast/core/binomial_tree.hpp>

#include <gtest/gtest.h>

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
