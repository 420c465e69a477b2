#include <hbcast/grid/ecef_la.hpp>
#include <hbcast/grid/ecef_la_avg.hpp>
#include <hbcast/grid/ecef_la_avg_ab.hpp>

#include "grid_heuristic_test_support.hpp"

#include <gtest/gtest.h>

namespace hbcast {
namespace {

using namespace grid_test;

TEST(EcefLaAvgAb, LooksAheadAtTheMeanEdgeBetweenAAndB)
{
  // Z, A = {0}. j = 1: pairs {0,1} x {2,3,4} sum 7 + 11 = 18, mean 3, score 4 + 3 = 7; j = 2:
  // (8 + 16) / 6 = 4, score 7; j = 3: (9 + 21) / 6 = 5, score 7; j = 4: (9 + 20) / 6 = 4.83,
  // score 6.83: cluster 4 first.
  EXPECT_EQ(schedule_ecef_la_avg_ab(instance_z()).transfers.front().receiver, 4u);
}

TEST(EcefLaAvgAb, FullScheduleOnY1)
{
  // Y1. Round 1: j = 1: (2 + 3 + 9 + 9) / 4 = 5.75 -> 6.75; j = 2: (1 + 3 + 9 + 5) / 4 = 4.5 -> 6.5;
  // j = 3: (1 + 2 + 9 + 5) / 4 = 4.25 -> 7.25: 0 -> 2. Round 2 (RT_0 = RT_2 = 2): j = 1:
  // (3 + 5 + 9) / 3 + 3 = 8.67; j = 3: (1 + 9 + 9) / 3 + 5 = 11.33: 0 -> 1. Round 3: 0 -> 3.
  const GridSchedule schedule = schedule_ecef_la_avg_ab(instance_y1());
  EXPECT_EQ(decisions_of(schedule), (Decisions{{0, 2}, {0, 1}, {0, 3}}));
  EXPECT_EQ(schedule.makespan, 6.0);
}

TEST(EcefLaAvgAb, FullScheduleOnW)
{
  // W, A = {0}. Round 1: j = 1: pairs {0,1} x {2,3}: (4 + 3 + 3 + 6) / 4 = 4, score 2 + 4 = 6;
  // j = 2: (2 + 3 + 3 + 1) / 4 = 2.25 -> 6.25; j = 3: (2 + 4 + 6 + 1) / 4 = 3.25 -> 6.25: 0 -> 1
  // [0, 2] (the mean over B alone takes 2, the min takes 3). Round 2 (RT_0 = RT_1 = 2): j = 2:
  // best 1 at 5, {0,1,2} x {3}: (3 + 6 + 1) / 3, score 8.33; j = 3: best 0 at 5, {0,1,3} x {2}:
  // (4 + 3 + 1) / 3, score 7.67: 0 -> 3 [2, 5]. Round 3: 1 -> 2 [2, 5] (3 -> 2 would end at 6).
  const GridSchedule schedule = schedule_ecef_la_avg_ab(instance_w());
  EXPECT_EQ(decisions_of(schedule), (Decisions{{0, 1}, {0, 3}, {1, 2}}));
  EXPECT_EQ(schedule.makespan, 5.0);
  EXPECT_NE(decisions_of(schedule_ecef_la(instance_w())), decisions_of(schedule));
  EXPECT_NE(decisions_of(schedule_ecef_la_avg(instance_w())), decisions_of(schedule));
}

}  // namespace
}  // namespace hbcast
