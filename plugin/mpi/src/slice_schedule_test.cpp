#include "slice_schedule.hpp"

#include <gtest/gtest.h>

#include <map>

using namespace hbcast::mpi;

TEST(SplitElements, CutsAtElementBoundariesLongerSlicesFirst)
{
  // 10 elements in 4 slices: 3, 3, 2, 2.
  const auto slices = split_elements(10, 4);
  ASSERT_EQ(slices.size(), 4u);
  const std::size_t firsts[] = {0, 3, 6, 8}, counts[] = {3, 3, 2, 2};
  for (std::size_t j = 0; j < 4; ++j) {
    EXPECT_EQ(slices[j].first, firsts[j]) << j;
    EXPECT_EQ(slices[j].count, counts[j]) << j;
  }
}

TEST(SplitElements, EveryCountAndSliceNumberCoversTheMessageOnce)
{
  for (std::size_t count = 0; count <= 40; ++count)
    for (std::size_t k = 1; k <= 12; ++k) {
      const auto slices = split_elements(count, k);
      ASSERT_EQ(slices.size(), std::min(count, k)) << count << " " << k;
      std::size_t next = 0;
      for (const auto& slice : slices) {
        ASSERT_EQ(slice.first, next);
        ASSERT_GE(slice.count, count / k);
        ASSERT_LE(slice.count, count / k + 1);
        next += slice.count;
      }
      ASSERT_EQ(next, count);
    }
}

TEST(InterleaveTrees, OneTreeTakesEverySlice)
{
  EXPECT_EQ(interleave_trees({1.0}, 4), (std::vector<std::size_t>{0, 0, 0, 0}));
}

TEST(InterleaveTrees, SmoothRoundRobinByHand)
{
  // Weights 2, 1: credits (2,1) -> tree 0 pays 3 -> (-1,1); (1,2) -> tree 1 -> (1,-1);
  // (3,0) -> tree 0 -> (0,0): the cycle 0, 1, 0 repeats.
  EXPECT_EQ(interleave_trees({2.0, 1.0}, 6), (std::vector<std::size_t>{0, 1, 0, 0, 1, 0}));
  // Weights 5, 1, 1: tree 0 does not take five slices in a row (nginx's example: a a b a c a a).
  EXPECT_EQ(interleave_trees({5.0, 1.0, 1.0}, 7), (std::vector<std::size_t>{0, 0, 1, 0, 2, 0, 0}));
}

TEST(InterleaveTrees, SharesFollowTheWeights)
{
  const std::vector<double> weights{0.5, 0.25, 0.125, 0.125};
  const auto chosen = interleave_trees(weights, 800);
  std::map<std::size_t, int> counts;
  for (auto t : chosen)
    ++counts[t];
  EXPECT_EQ(counts[0], 400);
  EXPECT_EQ(counts[1], 200);
  EXPECT_EQ(counts[2], 100);
  EXPECT_EQ(counts[3], 100);
}
