#include <hbcast/cluster/lower_bounds.hpp>

#include "cluster_test_support.hpp"

using namespace hbcast;

TEST(ClusterLowerBounds, SectionTwoBounds)
{
  // N = 6: ceil(log2 6) = 3; p = 2 (1 holder -> cluster 1, 3 holders -> clusters 2, 3): pC = 4,
  // (p-1)(C-1) + ceil(log2 3) = 1 + 2 = 3.
  const auto bounds = broadcast_lower_bounds(cluster_instance({1, 2, 2, 1}, 2));
  EXPECT_EQ(bounds.global_steps, 2u);
  EXPECT_DOUBLE_EQ(bounds.log_n, 3.0);
  EXPECT_DOUBLE_EQ(bounds.global, 4.0);
  EXPECT_DOUBLE_EQ(bounds.combined, 3.0);
  EXPECT_DOUBLE_EQ(bounds.best(), 4.0);
}

TEST(ClusterLowerBounds, CombinedBoundWins)
{
  // n0 = 1, one cluster of 1024, two singletons. p = 2 (1 holder -> the big cluster, then 1025
  // holders -> the rest); N = 1027, ceil(log2 N) = 11, ceil(log2(N/2)) = 10.
  // C = 10: pC = 20 wins over (p-1)(C-1) + 10 = 19. C = 2: pC = 4, (p-1)(C-1) + 10 = 11 = log N.
  const auto bounds = broadcast_lower_bounds(cluster_instance({1, 1024, 1, 1}, 10));
  EXPECT_EQ(bounds.global_steps, 2u);
  EXPECT_DOUBLE_EQ(bounds.best(), 20.0);
  const auto big = broadcast_lower_bounds(cluster_instance({1, 1024, 1, 1}, 2));
  EXPECT_DOUBLE_EQ(big.combined, 1.0 + 10.0);
  EXPECT_DOUBLE_EQ(big.best(), 11.0);
}

TEST(ClusterLowerBounds, OtherModels)
{
  auto instance = cluster_instance({2, 1, 1, 1, 1}, 2);
  instance.matching_bound = 1;
  EXPECT_DOUBLE_EQ(bounded_matching_lower_bound(instance), 8.0);  // 4 globals, one at a time
  auto degree = cluster_instance({16, 4}, 2);
  degree.degree_limits = {1, 1};
  EXPECT_DOUBLE_EQ(bounded_degree_lower_bound(degree), 5.0);  // ceil(log2 20), and 16 / 1 -> 4 rounds
  auto postal = cluster_instance({2, 2, 1, 1, 1}, 3);
  postal.postal = true;
  EXPECT_DOUBLE_EQ(postal_lower_bound(postal), 4.0);  // free local: sends at 0 and 1 reach all by 4
}
