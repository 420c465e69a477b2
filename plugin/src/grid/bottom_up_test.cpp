#include <hbcast/grid/bottom_up.hpp>

#include "grid_heuristic_test_support.hpp"

#include <gtest/gtest.h>

namespace hbcast {
namespace {

using namespace grid_test;

TEST(BottomUp, ServesTheSlowestClusterFirstFromItsNearestSender)
{
  // Y2 (all edges 1, T = 0, 1, 5, 9). Round 1: min_i c_ij + T_j = 2, 6, 10: 0 -> 3 in [0, 1].
  // Round 2: 2 (cluster 1), 6 (cluster 2): 0 -> 2 in [1, 2] (nearest sender 0, by index).
  // Round 3: 0 -> 1 in [2, 3]. Releases 3, 3, 2, 1: makespan max(3, 4, 7, 10) = 10.
  const GridSchedule schedule = schedule_bottom_up(instance_y2());
  EXPECT_EQ(decisions_of(schedule), (Decisions{{0, 3}, {0, 2}, {0, 1}}));
  EXPECT_EQ(schedule.makespan, 10.0);
}

TEST(BottomUp, PicksTheNearestSenderNotTheFreeOne)
{
  // X (T = 0): round 1 takes the farthest cluster, 3 (c03 = 4); round 2: min over {0, 3} of c_i1 =
  // 1, of c_i2 = 3: cluster 2 from 0; round 3: cluster 1 from 0 (c01 = 1).
  EXPECT_EQ(decisions_of(schedule_bottom_up(instance_x())), (Decisions{{0, 3}, {0, 2}, {0, 1}}));
}

}  // namespace
}  // namespace hbcast
