#include <hbcast/cluster/lcf_multicast.hpp>

#include "cluster_test_support.hpp"

#include <hbcast/cluster/lcf.hpp>

using namespace hbcast;
using hbcast::test::checked_time;

TEST(LcfMulticast, SecondPhaseReachesTheMembersClusters)
{
  // k' = 2: LCF(2) stops after K0's first round (t = 1); K0's two nodes send to clusters 2 and 3
  // (arrive 4); cluster 2 doubles to its 3 members by 6. Cluster 1 (no member) is never used.
  auto instance = cluster_instance({2, 4, 4, 1}, 3);
  instance.multicast_counts = {0, 0, 3, 1};
  EXPECT_DOUBLE_EQ(checked_time(instance, schedule_lcf_multicast(instance)), 6.0);
}

TEST(LcfMulticast, UsesALargeNonMemberCluster)
{
  // k' = 4: LCF(4) informs the big non-member cluster 1 (t = 2), which doubles to 4 (t = 4): 5
  // holders; four of them reach the member singletons at 6. Sending from the source alone takes 8.
  auto instance = cluster_instance({1, 8, 1, 1, 1, 1}, 2);
  instance.multicast_counts = {1, 0, 1, 1, 1, 1};
  const auto schedule = schedule_lcf_multicast(instance);
  EXPECT_DOUBLE_EQ(checked_time(instance, schedule), 6.0);
}

TEST(LcfMulticast, BroadcastCountsGiveABroadcast)
{
  // Every node a member, k' = 3: LCF(3) sends source -> cluster 1 (0..2), cluster 1 doubles to 2
  // (2..3): 3 holders, stop at 3. Its 3 holders reach clusters 2, 3 (3..5); cluster 2 doubles
  // (5..6). Broadcast time 6, the same as LCF (Lcf.TwoGlobalStepsIdleHolders).
  auto instance = cluster_instance({1, 2, 2, 1}, 2);
  instance.multicast_counts = instance.sizes;
  const double multicast = checked_time(instance, schedule_lcf_multicast(instance));
  EXPECT_DOUBLE_EQ(multicast, 6.0);
  const auto broadcast = with_only(instance, ClusterOptions::none);
  EXPECT_EQ(multicast, checked_time(broadcast, schedule_lcf(broadcast)));
}
