#include <hbcast/grid/ecef_la.hpp>
#include <hbcast/grid/ecef_la_avg.hpp>

#include "grid_heuristic_test_support.hpp"

#include <gtest/gtest.h>

namespace hbcast {
namespace {

using namespace grid_test;

TEST(EcefLaAvg, LooksAheadAtTheMeanEdgeIntoB)
{
  // Z. F_j = mean of c_jk over the other waiting k: 11/3, 16/3, 21/3, 20/3; scores 7.67, 8.33, 9,
  // 8.67: cluster 1 first (the min lookahead takes 2, ECEF 3).
  EXPECT_EQ(schedule_ecef_la_avg(instance_z()).transfers.front().receiver, 1u);
}

TEST(EcefLaAvg, FullScheduleOnY1)
{
  // Y1. Round 1: F = 9, 7, 7; scores 10, 9, 10: 0 -> 2. Then as ECEF-LA (one other waiting cluster
  // each, mean = min): 0 -> 1 and 0 -> 3, the root busy until 6.
  const GridSchedule schedule = schedule_ecef_la_avg(instance_y1());
  EXPECT_EQ(decisions_of(schedule), (Decisions{{0, 2}, {0, 1}, {0, 3}}));
  EXPECT_EQ(schedule.makespan, 6.0);
}

TEST(EcefLaAvg, FullScheduleOnW)
{
  // W. Round 1: F_1 = (c12 + c13) / 2 = 4.5, F_2 = (3 + 1) / 2 = 2, F_3 = (6 + 1) / 2 = 3.5; scores
  // 2 + 4.5, 4 + 2, 3 + 3.5: 0 -> 2 [0, 4] (the min lookahead, F = 3, 1, 1, takes 3). Round 2
  // (RT_0 = RT_2 = 4), F_1 = F_3 = c13 = 6: best 1: 0 at 6; best 3: 2 at 5: 2 -> 3 [4, 5]. Round 3:
  // 0 -> 1 [4, 6] (2 -> 1 would end at 8).
  const GridSchedule schedule = schedule_ecef_la_avg(instance_w());
  EXPECT_EQ(decisions_of(schedule), (Decisions{{0, 2}, {2, 3}, {0, 1}}));
  EXPECT_EQ(schedule.makespan, 6.0);
  EXPECT_NE(decisions_of(schedule_ecef_la(instance_w())), decisions_of(schedule));
}

}  // namespace
}  // namespace hbcast
