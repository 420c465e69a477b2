#include <hbcast/sender_only/sender_only_search_tree.hpp>

#include <gtest/gtest.h>

using namespace hbcast;

TEST(SenderOnlySearchTree, CountsPrefixesAndLeavesByHand)
{
  // Classes {a, a, b}: leaves aab, aba, baa (3); prefixes: "", a, b, aa, ab, ba, + the 3 leaves = 9.
  const auto size = sender_only_search_tree_size({2, 1});
  EXPECT_DOUBLE_EQ(size.leaves, 3.0);
  EXPECT_DOUBLE_EQ(size.nodes, 9.0);
  // Three distinct processors: 3! = 6 leaves, 1 + 3 + 6 + 6 = 16 nodes.
  EXPECT_DOUBLE_EQ(sender_only_search_tree_size({1, 1, 1}).nodes, 16.0);
  // One class: a single path of n + 1 nodes.
  EXPECT_DOUBLE_EQ(sender_only_search_tree_size({5}).nodes, 6.0);
  EXPECT_DOUBLE_EQ(sender_only_search_tree_size({5}).leaves, 1.0);
}

TEST(SenderOnlySearchTree, MatchesTheMultinomialAtLiusLargestSize)
{
  // 21 processors in classes 7, 7, 7: 21! / (7!)^3 = 399,072,960 leaves.
  EXPECT_DOUBLE_EQ(sender_only_search_tree_size({7, 7, 7}).leaves, 399072960.0);
}

TEST(SenderOnlySearchTree, CountsEqualTimesAsOneClass)
{
  EXPECT_EQ(speed_class_counts({3, 1, 3, 2, 1, 3}), (std::vector<std::size_t>{2, 1, 3}));
}
