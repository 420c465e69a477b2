#include <hbcast/cluster/lcf_m.hpp>

#include "cluster_test_support.hpp"

using namespace hbcast;
using hbcast::test::instance_of;

namespace {

std::size_t holders_after(const ClusterSchedule& schedule)
{
  return schedule.transfers.size() + 1;
}

// The schedule checked as a multicast to the nodes it informs (instance.multicast_counts).
double last_arrival(const ClusterInstance& instance, const ClusterSchedule& schedule)
{
  return check_schedule(instance, schedule).broadcast_time;
}

}  // namespace

TEST(LcfM, StopsInTheMiddleOfALocalPhase)
{
  // m = 3: K0 doubles 1 -> 2 -> 4 by t = 2 and stops (4 >= 3), before any global step.
  auto instance = instance_of({4, 3, 2, 1, 1}, 3);
  const auto schedule = schedule_lcf_m(instance, 3);
  EXPECT_EQ(holders_after(schedule), 4u);
  instance.multicast_counts = {4, 0, 0, 0, 0};
  EXPECT_DOUBLE_EQ(last_arrival(instance, schedule), 2.0);
}

TEST(LcfM, StopsAfterAGlobalStep)
{
  // m = 5: 4 holders < 5, one global step reaches the 4 clusters at t = 5: 8 holders, stop.
  auto instance = instance_of({4, 3, 2, 1, 1}, 3);
  const auto schedule = schedule_lcf_m(instance, 5);
  EXPECT_EQ(holders_after(schedule), 8u);
  instance.multicast_counts = {4, 1, 1, 1, 1};
  EXPECT_DOUBLE_EQ(last_arrival(instance, schedule), 5.0);
}

TEST(LcfM, WithMEqualToNIsLcf)
{
  const auto instance = instance_of({1, 2, 2, 1}, 2);
  EXPECT_DOUBLE_EQ(check_schedule(instance, schedule_lcf_m(instance, 6)).broadcast_time, 6.0);
}
