#include <hbcast/cluster/brute_force_optimum.hpp>

#include "cluster_test_support.hpp"

using namespace hbcast;

TEST(BruteForceOptimum, SingleClusterIsBinomial)
{
  EXPECT_EQ(brute_force_optimum(cluster_instance({5}, 1)), 3.0);
  EXPECT_EQ(brute_force_optimum(cluster_instance({8}, 1)), 3.0);
  EXPECT_EQ(brute_force_optimum(cluster_instance({1}, 1)), 0.0);
}

TEST(BruteForceOptimum, HandCheckedTwoLevelInstances)
{
  // Two singletons, C = 3: one global transfer.
  EXPECT_EQ(brute_force_optimum(cluster_instance({1, 1}, 3)), 3.0);
  // {1, 2, 2, 1}, C = 2: 5 (the no-idle LCF schedule); 4 would need both the big clusters reached
  // by time 2 from a lone source.
  EXPECT_EQ(brute_force_optimum(cluster_instance({1, 2, 2, 1}, 2)), 5.0);
  // C = 1 is a single cluster of 4: 2 rounds.
  EXPECT_EQ(brute_force_optimum(cluster_instance({2, 2}, 1)), 2.0);
}

TEST(BruteForceOptimum, BeatsLcfOnTheTightExample)
{
  // Fig. 3 with n0 = 4, n1 = 4 and 3 singletons, C = 2: LCF 2 + 2 + 2 = 6; the better schedule
  // 1 + max(C + 2, ceil(log2 3) + C) = 5.
  EXPECT_EQ(brute_force_optimum(cluster_instance({4, 4, 1, 1, 1}, 2)), 5.0);
}

TEST(BruteForceOptimum, Constraints)
{
  auto matching = cluster_instance({2, 1, 1, 1, 1}, 2);
  matching.matching_bound = 1;
  EXPECT_EQ(brute_force_optimum(matching), 8.0);
  auto degree = cluster_instance({2, 2, 2}, 2);
  EXPECT_EQ(brute_force_optimum(degree), 4.0);  // 0 -> 1 local, then two globals at 1..3, locals 3..4
  degree.degree_limits = {1, 1, 1};
  EXPECT_EQ(brute_force_optimum(degree), 5.0);  // one global at a time from cluster 0: 0..2, then 2..4 / 1..3
  auto multicast = cluster_instance({1, 4, 1}, 2);
  multicast.multicast_counts = {1, 0, 1};
  EXPECT_EQ(brute_force_optimum(multicast), 2.0);
}

TEST(BruteForceOptimum, RefusesWhatItCannotSolve)
{
  auto postal = cluster_instance({1, 1}, 2);
  postal.postal = true;
  EXPECT_THROW(brute_force_optimum(postal), std::invalid_argument);
  EXPECT_THROW(brute_force_optimum(cluster_instance({1, 1}, 2.5)), std::invalid_argument);
  EXPECT_EQ(brute_force_optimum(cluster_instance({6, 6}, 3), 10), std::nullopt);
}
