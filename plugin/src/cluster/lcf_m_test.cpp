#include <hbcast/cluster/lcf_m.hpp>

#include "cluster_test_support.hpp"

using namespace hbcast;
using hbcast::test::checked_time;

namespace {

std::size_t holders_after(const ClusterSchedule& schedule)
{
  return schedule.transfers.size() + 1;
}

}  // namespace

TEST(LcfM, StopsInTheMiddleOfALocalPhase)
{
  // m = 3: K0 doubles 1 -> 2 -> 4 by t = 2 and stops (4 >= 3), before any global step.
  auto instance = cluster_instance({4, 3, 2, 1, 1}, 3);
  const auto schedule = schedule_lcf_m(instance, 3);
  EXPECT_EQ(holders_after(schedule), 4u);
  // Checked as a multicast to the nodes it informs.
  instance.multicast_counts = {4, 0, 0, 0, 0};
  EXPECT_DOUBLE_EQ(checked_time(instance, schedule), 2.0);
}

TEST(LcfM, StopsAfterAGlobalStep)
{
  // m = 5: 4 holders < 5, one global step reaches the 4 clusters at t = 5: 8 holders, stop.
  auto instance = cluster_instance({4, 3, 2, 1, 1}, 3);
  const auto schedule = schedule_lcf_m(instance, 5);
  EXPECT_EQ(holders_after(schedule), 8u);
  instance.multicast_counts = {4, 1, 1, 1, 1};
  EXPECT_DOUBLE_EQ(checked_time(instance, schedule), 5.0);
}
