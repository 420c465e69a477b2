#include <hbcast/grid/grid_schedule.hpp>

#include "grid_test_support.hpp"

#include <gtest/gtest.h>

namespace hbcast {
namespace {

using grid_test::instance_from;
using grid_test::symmetric;

// c01 = 1, c02 = 3, c12 = 2; T = (0.5, 4, 1).
GridInstance three() { return instance_from(symmetric(3, {{0, 1, 1}, {0, 2, 3}, {1, 2, 2}}), {0.5, 4, 1}); }

TEST(GridSchedule, TimesDecisionsAsEarlyAsPossible)
{
  // 0 -> 1 in [0, 1]; 0 -> 2 in [1, 4]: releases 4, 1, 4; makespan max(4.5, 5, 5) = 5.
  const GridSchedule schedule = time_grid_schedule(three(), {{0, 1}, {0, 2}});
  ASSERT_EQ(schedule.transfers.size(), 2u);
  EXPECT_EQ(schedule.transfers[1].start, 1.0);
  EXPECT_EQ(schedule.transfers[1].arrival, 4.0);
  EXPECT_EQ(schedule.release, (std::vector<double>{4, 1, 4}));
  EXPECT_EQ(schedule.makespan, 5.0);
  EXPECT_EQ(check_grid_schedule(three(), schedule), 5.0);
}

TEST(GridSchedule, CoordinatorBroadcastsInsideAfterItsLastSend)
{
  // 0 -> 1 in [0, 1], then 1 -> 2 in [1, 3]: cluster 1 starts inside at 3, ends at 7.
  const GridSchedule schedule = time_grid_schedule(three(), {{0, 1}, {1, 2}});
  EXPECT_EQ(schedule.release[1], 3.0);
  EXPECT_EQ(schedule.makespan, 7.0);
  EXPECT_EQ(grid_makespan(three(), schedule, GridCompletion::release), 7.0);
  // Arrival completion: cluster 1 would broadcast from 1 (1 + 4 = 5) while its coordinator relays.
  EXPECT_EQ(grid_makespan(three(), schedule, GridCompletion::arrival), 5.0);
}

TEST(GridSchedule, RejectsImpossibleDecisions)
{
  EXPECT_THROW(time_grid_schedule(three(), {{1, 2}, {0, 1}}), std::invalid_argument);  // 1 has nothing yet
  EXPECT_THROW(time_grid_schedule(three(), {{0, 1}, {0, 1}}), std::invalid_argument);  // twice
  EXPECT_THROW(time_grid_schedule(three(), {{0, 1}}), std::invalid_argument);          // 2 never
  EXPECT_THROW(time_grid_schedule(three(), {{0, 1}, {0, 5}}), std::invalid_argument);  // no cluster 5
}

TEST(GridSchedule, CheckCatchesTamperedSchedules)
{
  const GridInstance instance = three();
  GridSchedule overlapping = time_grid_schedule(instance, {{0, 1}, {0, 2}});
  overlapping.transfers[1].start = 0.5;  // the root would send twice at once
  overlapping.transfers[1].arrival = 3.5;
  EXPECT_THROW(check_grid_schedule(instance, overlapping), std::invalid_argument);
  GridSchedule optimistic = time_grid_schedule(instance, {{0, 1}, {0, 2}});
  optimistic.makespan = 4.0;
  EXPECT_THROW(check_grid_schedule(instance, optimistic), std::invalid_argument);
  GridSchedule early = time_grid_schedule(instance, {{0, 1}, {1, 2}});
  early.transfers[1].start = 0.0;  // 1 sends before it holds the message
  early.transfers[1].arrival = 2.0;
  EXPECT_THROW(check_grid_schedule(instance, early), std::invalid_argument);
}

}  // namespace
}  // namespace hbcast
