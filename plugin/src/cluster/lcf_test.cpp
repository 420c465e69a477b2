#include <hbcast/cluster/lcf.hpp>

#include "cluster_test_support.hpp"

#include <hbcast/cluster/cluster_order.hpp>

using namespace hbcast;
using hbcast::test::checked_time;

TEST(Lcf, OneGlobalStep)
{
  // n0 = 4: two local rounds (t = 2); the 4 holders reach all 4 clusters (t = 5); the largest
  // new cluster (3 nodes) needs 2 rounds: 7.
  const auto instance = cluster_instance({4, 3, 2, 1, 1}, 3);
  const auto schedule = schedule_lcf(instance);
  EXPECT_DOUBLE_EQ(checked_time(instance, schedule), 7.0);
  EXPECT_EQ(check_schedule(instance, schedule).global_transfers, 4u);
}

TEST(Lcf, TwoGlobalStepsIdleHolders)
{
  // Source alone: -> cluster 1 (size 2) at 0..2; local round 2..3; 3 holders -> clusters 2, 3 at
  // 3..5; cluster 2's local round 5..6. Broadcast time 6.
  const auto instance = cluster_instance({1, 2, 2, 1}, 2);
  EXPECT_DOUBLE_EQ(checked_time(instance, schedule_lcf(instance)), 6.0);
}

TEST(Lcf, TightExampleOfFigure3)
{
  // Fig. 3: LCF takes ceil(log n0) + C + ceil(log n1) = 2 + 5 + 3 with n0 = 4, n1 = 8, 3 singletons.
  const auto instance = cluster_instance({4, 8, 1, 1, 1}, 5);
  EXPECT_DOUBLE_EQ(checked_time(instance, schedule_lcf(instance)), 10.0);
}

TEST(Lcf, OrderChangesWhoIsReachedFirst)
{
  // Largest first: source -> cluster 2 (size 4) 0..2, 2 rounds to 4, its 5 holders reach the
  // three singletons 4..6. Smallest first: 1 holder -> cluster 1, 2 holders -> clusters 3, 4,
  // 4 holders -> cluster 2 at 4..6, then 2 rounds: 8.
  const auto instance = cluster_instance({1, 1, 4, 1, 1}, 2);
  EXPECT_DOUBLE_EQ(checked_time(instance, schedule_lcf(instance)), 6.0);
  EXPECT_DOUBLE_EQ(checked_time(instance, schedule_lcf_in_order(instance, {1, 3, 4, 2})), 8.0);
  EXPECT_THROW(schedule_lcf_in_order(instance, {1, 1, 2, 3}), std::invalid_argument);
}

TEST(Lcf, SingleCluster)
{
  const auto instance = cluster_instance({5}, 10);
  EXPECT_DOUBLE_EQ(checked_time(instance, schedule_lcf(instance)), 3.0);
}
