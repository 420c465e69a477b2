#include <hbcast/grid/ecef_lat_max.hpp>

#include "grid_heuristic_test_support.hpp"

#include <gtest/gtest.h>

namespace hbcast {
namespace {

using namespace grid_test;

TEST(EcefLatMax, ServesTheClusterThatLeadsToSlowClustersLast)
{
  // Y2 (all edges 1, T = 0, 1, 5, 9). Round 1: F_j = 1 + max T_k over the other waiting k: 10, 10,
  // 6; scores 11, 11, 7: 0 -> 3, the slowest cluster. Round 2 (RT_0 = RT_3 = 1): F_1 = 1 + T_2 = 6,
  // F_2 = 1 + T_1 = 2, both at 2 from 0: 0 -> 2. Round 3: 3 -> 1 ends at 2.
  const GridSchedule schedule = schedule_ecef_lat_max(instance_y2());
  EXPECT_EQ(decisions_of(schedule), (Decisions{{0, 3}, {0, 2}, {3, 1}}));
  EXPECT_EQ(schedule.makespan, 11.0);  // cluster 3 relays to 1 before broadcasting: 2 + 9
}

}  // namespace
}  // namespace hbcast
