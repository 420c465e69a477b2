#include <hbcast/cluster/bounded_matching_broadcast.hpp>

#include "cluster_test_support.hpp"

#include <hbcast/cluster/lcf.hpp>

using namespace hbcast;
using hbcast::test::checked_time;

TEST(BoundedMatchingBroadcast, OneTransferAtATime)
{
  // B = 1: LCF(1) is the source alone; 4 clusters one per C = 2 (t = 8); then K0's local round: 9.
  auto instance = cluster_instance({2, 1, 1, 1, 1}, 2);
  instance.matching_bound = 1;
  EXPECT_DOUBLE_EQ(checked_time(instance, schedule_bounded_matching_broadcast(instance)), 9.0);
  EXPECT_THROW(check_schedule(instance, schedule_lcf(instance)), InvalidClusterSchedule);
}

TEST(BoundedMatchingBroadcast, TwoTransfersAtATime)
{
  // B = 2: LCF(2) doubles K0 (t = 1); two clusters per step: 1..3, 3..5.
  auto instance = cluster_instance({2, 1, 1, 1, 1}, 2);
  instance.matching_bound = 2;
  EXPECT_DOUBLE_EQ(checked_time(instance, schedule_bounded_matching_broadcast(instance)), 5.0);
}

TEST(BoundedMatchingBroadcast, NeedsABound)
{
  EXPECT_THROW(schedule_bounded_matching_broadcast(cluster_instance({2, 1}, 2)), std::invalid_argument);
}
