#include <hbcast/grid/fef.hpp>

#include "grid_heuristic_test_support.hpp"

#include <gtest/gtest.h>

namespace hbcast {
namespace {

using namespace grid_test;

TEST(Fef, TakesTheLowestLatencyWhateverTheGapOrTheSendersLoad)
{
  // Latencies (ms) L01 5, L02 1, L03 10, L12 2, L13 3, L23 4; gaps 1 s except g02 = 2 s; T = 0.
  // Round 1: smallest L from 0 is L02 although g02 is the largest gap: 0 -> 2 in [0, 2.001].
  // Round 2: L01 5, L03 10, L21 2, L23 4: 2 -> 1 in [2.001, 3.003] (the root is free since 2.001).
  // Round 3: L03 10, L13 3, L23 4: 1 -> 3 in [3.003, 4.006].
  const auto latency = symmetric(4, {{0, 1, 5e-3}, {0, 2, 1e-3}, {0, 3, 10e-3}, {1, 2, 2e-3}, {1, 3, 3e-3}, {2, 3, 4e-3}});
  const auto gap = symmetric(4, {{0, 1, 1}, {0, 2, 2}, {0, 3, 1}, {1, 2, 1}, {1, 3, 1}, {2, 3, 1}});
  const GridSchedule schedule = schedule_fef(instance_from(gap, {0, 0, 0, 0}, 0, latency));
  EXPECT_EQ(decisions_of(schedule), (Decisions{{0, 2}, {2, 1}, {1, 3}}));
  EXPECT_DOUBLE_EQ(schedule.transfers[2].start, 3.003);
  EXPECT_DOUBLE_EQ(schedule.makespan, 4.006);
}

TEST(Fef, BreaksTiesByReceiverThenSender)
{
  // Y2: every latency is 0: receivers 1, 2, 3 in turn, each from the root (lowest sender).
  EXPECT_EQ(decisions_of(schedule_fef(instance_y2())), (Decisions{{0, 1}, {0, 2}, {0, 3}}));
}

}  // namespace
}  // namespace hbcast
