#include <hbcast/cluster/lcf_multicast.hpp>

#include "cluster_test_support.hpp"

using namespace hbcast;
using hbcast::test::checked_time;
using hbcast::test::instance_of;

TEST(LcfMulticast, SecondPhaseReachesTheMembersClusters)
{
  // k' = 2: LCF(2) stops after K0's first round (t = 1); K0's two nodes send to clusters 2 and 3
  // (arrive 4); cluster 2 doubles to its 3 members by 6. Cluster 1 (no member) is never used.
  auto instance = instance_of({2, 4, 4, 1}, 3);
  instance.multicast_counts = {0, 0, 3, 1};
  EXPECT_DOUBLE_EQ(checked_time(instance, schedule_lcf_multicast(instance)), 6.0);
}

TEST(LcfMulticast, UsesALargeNonMemberCluster)
{
  // k' = 4: LCF(4) informs the big non-member cluster 1 (t = 2), which doubles to 4 (t = 4): 5
  // holders; four of them reach the member singletons at 6. Sending from the source alone takes 8.
  auto instance = instance_of({1, 8, 1, 1, 1, 1}, 2);
  instance.multicast_counts = {1, 0, 1, 1, 1, 1};
  const auto schedule = schedule_lcf_multicast(instance);
  EXPECT_DOUBLE_EQ(checked_time(instance, schedule), 6.0);
}

TEST(LcfMulticast, BroadcastCountsGiveABroadcast)
{
  auto instance = instance_of({1, 2, 2, 1}, 2);
  instance.multicast_counts = instance.sizes;
  const double time = checked_time(instance, schedule_lcf_multicast(instance));
  instance.multicast_counts.clear();
  EXPECT_DOUBLE_EQ(checked_time(instance, schedule_lcf_multicast(instance)), time);
}
