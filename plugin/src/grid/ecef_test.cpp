#include <hbcast/grid/ecef.hpp>

#include "grid_heuristic_test_support.hpp"

#include <gtest/gtest.h>

namespace hbcast {
namespace {

using namespace grid_test;

TEST(Ecef, TakesTheEarliestCompletion)
{
  // X. Round 1: RT_0 + c_0j = 1, 3, 4: 0 -> 1 ends at 1. Round 2: 0 -> 2 at 4, 0 -> 3 at 5,
  // 1 -> 2 at 3.5, 1 -> 3 at 4: 1 -> 2. Round 3: 0 -> 3 at 1 + 4 = 5, 1 -> 3 at 6.5, 2 -> 3 at 6.7.
  const GridSchedule schedule = schedule_ecef(instance_x());
  EXPECT_EQ(decisions_of(schedule), (Decisions{{0, 1}, {1, 2}, {0, 3}}));
  EXPECT_EQ(schedule.makespan, 5.0);
}

TEST(Ecef, IgnoresBroadcastTimes)
{
  // Y2: all edges 1. Round 1: 0 -> 1. Round 2: 0 -> 2 and 1 -> 2 both end at 2 (lower sender 0).
  // Round 3: 1 -> 3 ends at 2, before 0 -> 3 or 2 -> 3 (3). Cluster 3 (T = 9) ends at 11.
  const GridSchedule schedule = schedule_ecef(instance_y2());
  EXPECT_EQ(decisions_of(schedule), (Decisions{{0, 1}, {0, 2}, {1, 3}}));
  EXPECT_EQ(schedule.makespan, 11.0);
}

}  // namespace
}  // namespace hbcast
