#include <hbcast/grid/grid_flat.hpp>

#include "grid_heuristic_test_support.hpp"

#include <gtest/gtest.h>

namespace hbcast {
namespace {

using namespace grid_test;

TEST(GridFlat, RootSendsToEveryClusterInIndexOrder)
{
  // X: 0 -> 1 in [0, 1], 0 -> 2 in [1, 4], 0 -> 3 in [4, 8].
  const GridSchedule schedule = schedule_grid_flat(instance_x());
  EXPECT_EQ(decisions_of(schedule), (Decisions{{0, 1}, {0, 2}, {0, 3}}));
  EXPECT_EQ(schedule.arrival, (std::vector<double>{0, 1, 4, 8}));
  EXPECT_EQ(schedule.makespan, 8.0);
}

TEST(GridFlat, FollowsTheRootCluster)
{
  const GridInstance rooted = instance_from(symmetric(3, {{0, 1, 1}, {0, 2, 1}, {1, 2, 1}}), {0, 0, 0}, 1);
  EXPECT_EQ(decisions_of(schedule_grid_flat(rooted)), (Decisions{{1, 0}, {1, 2}}));
}

}  // namespace
}  // namespace hbcast
