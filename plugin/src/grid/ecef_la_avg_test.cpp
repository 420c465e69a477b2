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

}  // namespace
}  // namespace hbcast
