#include <hbcast/grid/ecef_lat_min.hpp>

#include "grid_heuristic_test_support.hpp"

#include <gtest/gtest.h>

namespace hbcast {
namespace {

using namespace grid_test;

TEST(EcefLatMin, LooksAheadAtTheQuickestClusterToFinishFromJ)
{
  // Y2 (all edges 1, T = 0, 1, 5, 9). Round 1: F_j = 1 + min T_k over the other waiting k: 6, 2, 2;
  // scores 7, 3, 3: 0 -> 2. Round 2 (RT_0 = RT_2 = 1): F_1 = 1 + T_3 = 10, F_3 = 1 + T_1 = 2;
  // both reached at 2 from 0: 0 -> 3. Round 3: 2 -> 1 ends at 2 (0 and 3 are free at 2 only).
  const GridSchedule schedule = schedule_ecef_lat_min(instance_y2());
  EXPECT_EQ(decisions_of(schedule), (Decisions{{0, 2}, {0, 3}, {2, 1}}));
  EXPECT_EQ(schedule.makespan, 11.0);  // cluster 3 starts inside at 2, T_3 = 9
}

}  // namespace
}  // namespace hbcast
