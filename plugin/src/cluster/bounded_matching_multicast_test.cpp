#include <hbcast/cluster/bounded_matching_multicast.hpp>

#include "cluster_test_support.hpp"

#include <hbcast/cluster/lcf_multicast.hpp>

using namespace hbcast;
using hbcast::test::checked_time;

TEST(BoundedMatchingMulticast, MoreMemberClustersThanTheBound)
{
  // k' = 2 > B = 1: the source reaches cluster 1 (0..2) then cluster 2 (2..4); cluster 1's second
  // member at 4..5. Cluster 3 has no member.
  auto instance = cluster_instance({1, 2, 1, 1}, 2);
  instance.multicast_counts = {1, 2, 1, 0};
  instance.matching_bound = 1;
  EXPECT_DOUBLE_EQ(checked_time(instance, schedule_bounded_matching_multicast(instance)), 5.0);
}

TEST(BoundedMatchingMulticast, FewMemberClustersUseLcfMulticast)
{
  // k' = 2 <= B = 2: LCF Multicast (see LcfMulticast.SecondPhaseReachesTheMembersClusters).
  auto instance = cluster_instance({2, 4, 4, 1}, 3);
  instance.multicast_counts = {0, 0, 3, 1};
  instance.matching_bound = 2;
  const auto schedule = schedule_bounded_matching_multicast(instance);
  const auto lcf_multicast = schedule_lcf_multicast(instance);
  const double time = checked_time(instance, schedule);
  EXPECT_DOUBLE_EQ(time, 6.0);
  EXPECT_EQ(time, checked_time(instance, lcf_multicast));
  EXPECT_EQ(schedule.transfers.size(), lcf_multicast.transfers.size());
}
