// The smooth weighted round robin that cuts a multi-tree plan's slices (replay and libhbcast_mpi).
#include <hbcast/core/slice_interleaving.hpp>

#include <gtest/gtest.h>

#include <map>

using namespace hbcast;

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
