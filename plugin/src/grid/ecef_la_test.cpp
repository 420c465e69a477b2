#include <hbcast/grid/ecef.hpp>
#include <hbcast/grid/ecef_la.hpp>

#include "grid_heuristic_test_support.hpp"

#include <gtest/gtest.h>

namespace hbcast {
namespace {

using namespace grid_test;

TEST(EcefLa, LooksAheadAtTheFastestEdgeIntoB)
{
  // Y1. Round 1: F_1 = min(c12, c13) = 9, F_2 = min(9, 5) = 5, F_3 = 5; scores 1 + 9, 2 + 5, 3 + 5:
  // 0 -> 2 (ECEF takes 0 -> 1). Round 2 (RT_0 = RT_2 = 2): F_1 = F_3 = 9; best 1: 0 at 3; best 3:
  // 0 at 5: 0 -> 1. Round 3: 0 -> 3 at 3 + 3 = 6 (2 -> 3 would end at 7).
  const GridSchedule schedule = schedule_ecef_la(instance_y1());
  EXPECT_EQ(decisions_of(schedule), (Decisions{{0, 2}, {0, 1}, {0, 3}}));
  EXPECT_EQ(schedule.makespan, 6.0);
  EXPECT_EQ(decisions_of(schedule_ecef(instance_y1())).front(), (std::pair<std::size_t, std::size_t>{0, 1}));
}

TEST(EcefLa, FullScheduleOnW)
{
  // W. Round 1: F = min(3, 6), min(3, 1), min(6, 1) = 3, 1, 1; scores 5, 5, 4: 0 -> 3 [0, 3].
  // Round 2 (RT_0 = RT_3 = 3), F_1 = F_2 = c12 = 3: best 1: 0 at 5; best 2: 3 at 4: 3 -> 2 [3, 4].
  // Round 3: 0 -> 1 [3, 5].
  const GridSchedule schedule = schedule_ecef_la(instance_w());
  EXPECT_EQ(decisions_of(schedule), (Decisions{{0, 3}, {3, 2}, {0, 1}}));
  EXPECT_EQ(schedule.makespan, 5.0);
}

TEST(EcefLa, FirstChoiceOnInstanceZ)
{
  // Z: c01 4, c02 3, c03 2, c04 2, c12 1, c13 5, c14 5, c23 8, c24 7, c34 8. F = 1, 1, 5, 5:
  // scores 5, 4, 7, 7: cluster 2 first (ECEF: cluster 3).
  EXPECT_EQ(schedule_ecef_la(instance_z()).transfers.front().receiver, 2u);
  EXPECT_EQ(schedule_ecef(instance_z()).transfers.front().receiver, 3u);
}

}  // namespace
}  // namespace hbcast
