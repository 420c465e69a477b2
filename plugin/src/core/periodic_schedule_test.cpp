// The periodic form's steps on a hand-made schedule, and the checks that refuse broken ones.
#include <hbcast/core/periodic_schedule.hpp>

#include <gtest/gtest.h>

using namespace hbcast;

namespace {

// Tree A: 0 -> 1 -> 2, tree B: 0 -> 2 -> 1 (parents; the root has none).
const std::vector<std::vector<NodeId>> kParents = {{kNoNode, 0, 1}, {kNoNode, 2, 0}};

PeriodicSchedule crossed_chains()
{
  PeriodicSchedule schedule;
  schedule.period_slices = 2;
  schedule.slots = {{{0, 0, 1, 0.0, 1.0}, {0, 1, 2, 0.0, 1.0}}, {{1, 0, 2, 0.0, 1.0}, {1, 2, 1, 0.0, 1.0}}};
  return schedule;
}

}  // namespace

TEST(PeriodicSchedule, NodeStepsFollowPeriodsThenSlots)
{
  // 4 elements in 4 slices, periods of 2: blocks [0, 2) and [2, 4), A the first half of each, B
  // the second. Node 1 (depth 1 in A, 2 in B): period 0 receives A's block 0 (element 0); period 1
  // receives A's block 1 (element 2) while sending A's block 0 to 2, then receives B's block 0
  // (element 1); period 2 sends A's block 1 and receives B's block 1 (element 3). 3 periods.
  EXPECT_EQ(periodic_period_count(crossed_chains(), kParents, 4), 3u);
  EXPECT_EQ(periodic_piece_count(crossed_chains()), 4u);  // two slots of two
  const auto steps = periodic_steps(crossed_chains(), kParents, {1.0, 1.0}, 1, 4, 4);
  ASSERT_EQ(steps.size(), 5u);
  EXPECT_FALSE(steps[0].send);
  EXPECT_EQ(steps[0].receive->range, (ElementRange{0, 1}));
  EXPECT_EQ(steps[1].send->peer, 2u);
  EXPECT_EQ(steps[1].send->range, (ElementRange{0, 1}));
  EXPECT_EQ(steps[1].receive->range, (ElementRange{2, 1}));
  EXPECT_EQ(steps[2].receive->peer, 2u);
  EXPECT_EQ(steps[2].receive->range, (ElementRange{1, 1}));
  EXPECT_EQ(steps[3].send->range, (ElementRange{2, 1}));
  EXPECT_EQ(steps[4].receive->range, (ElementRange{3, 1}));
  EXPECT_EQ(steps[4].receive->period, 2u);
  EXPECT_EQ(steps[4].receive->slot, 1u);
  // The root sends each block once per tree; depth 0.
  const auto root = periodic_steps(crossed_chains(), kParents, {1.0, 1.0}, 0, 4, 4);
  EXPECT_EQ(root.size(), 4u);
  EXPECT_EQ(tree_depths(kParents)[1], (std::vector<std::size_t>{0, 2, 1}));
}

TEST(PeriodicSchedule, ANodeForwardsInThePeriodItReceivesWhenItsSlotsComeAfter)
{
  // Tree A: 0 -> 1 in slot 0, 1 -> 2 in slot 2: node 1 has the block before it sends it, lag 0.
  // Tree B: 2 -> 1 in slot 1, 0 -> 2 in slot 3: node 2 sends before it receives, lag 1.
  PeriodicSchedule schedule;
  schedule.period_slices = 2;
  schedule.slots = {{{0, 0, 1, 0.0, 1.0}}, {{1, 2, 1, 0.0, 1.0}}, {{0, 1, 2, 0.0, 1.0}}, {{1, 0, 2, 0.0, 1.0}}};
  ASSERT_NO_THROW(check_periodic_schedule(schedule, kParents));
  const auto lags = periodic_lags(schedule, kParents);
  EXPECT_EQ(lags[0][1], 0u);
  EXPECT_EQ(lags[1][2], 1u);
  // 4 slices in periods of 2: 2 blocks + the largest sender's lag, 1.
  EXPECT_EQ(periodic_period_count(schedule, kParents, 4), 3u);
  // Node 1 in period 0: receives A's block 0 (element 0) in slot 0 and forwards it in slot 2 (B's
  // block -1 in slot 1 does not exist).
  const auto steps = periodic_steps(schedule, kParents, {1.0, 1.0}, 1, 4, 4);
  ASSERT_GE(steps.size(), 2u);
  EXPECT_EQ(steps[0].receive->range, (ElementRange{0, 1}));
  EXPECT_EQ(steps[0].receive->period, 0u);
  EXPECT_EQ(steps[1].send->range, (ElementRange{0, 1}));
  EXPECT_EQ(steps[1].send->period, 0u);
}

TEST(PeriodicSchedule, RefusesWhatWouldBreakOnePortOrLoseData)
{
  EXPECT_NO_THROW(check_periodic_schedule(crossed_chains(), kParents));
  auto twice = crossed_chains();
  twice.slots[0].push_back({1, 0, 2, 0.0, 1.0});  // node 0 sends twice in slot 0
  EXPECT_THROW(check_periodic_schedule(twice, kParents), std::invalid_argument);
  auto foreign = crossed_chains();
  foreign.slots[0][1] = {0, 2, 1, 0.0, 1.0};  // 2 -> 1 is not an edge of tree A
  EXPECT_THROW(check_periodic_schedule(foreign, kParents), std::invalid_argument);
  auto gap = crossed_chains();
  gap.slots[1][1].last = 0.5;  // B's 2 -> 1 never sends its block's second half
  EXPECT_THROW(check_periodic_schedule(gap, kParents), std::invalid_argument);
  auto missing = crossed_chains();
  missing.slots[1].pop_back();
  EXPECT_THROW(check_periodic_schedule(missing, kParents), std::invalid_argument);
  auto split = crossed_chains();  // the same edge in two pieces, in order: fine
  split.slots[1][1].last = 0.5;
  split.slots.push_back({{1, 2, 1, 0.5, 1.0}});
  EXPECT_NO_THROW(check_periodic_schedule(split, kParents));
  PeriodicSchedule empty;
  EXPECT_THROW(check_periodic_schedule(empty, kParents), std::invalid_argument);
  auto clocked = crossed_chains();
  clocked.slot_seconds = {1.0};  // one length for two slots
  EXPECT_THROW(check_periodic_schedule(clocked, kParents), std::invalid_argument);
  clocked.slot_seconds = {1.0, -0.5};
  EXPECT_THROW(check_periodic_schedule(clocked, kParents), std::invalid_argument);
  clocked.slot_seconds = {1.0, 0.5};
  EXPECT_NO_THROW(check_periodic_schedule(clocked, kParents));
}

TEST(PeriodicSchedule, TheClockStartsEachSlotAfterTheOnesBefore)
{
  // Slots of 1 s and 0.5 s: a period lasts 1.5 s; slot 1 of period 2 starts at 2 x 1.5 + 1.
  auto clocked = crossed_chains();
  clocked.slot_seconds = {1.0, 0.5};
  const auto offsets = periodic_slot_offsets(clocked);
  EXPECT_EQ(offsets, (std::vector<double>{0.0, 1.0, 1.5}));
  EXPECT_DOUBLE_EQ(periodic_step_time(offsets, 2, 1), 4.0);
  EXPECT_DOUBLE_EQ(periodic_step_time(offsets, 0, 0), 0.0);
  EXPECT_TRUE(periodic_slot_offsets(crossed_chains()).empty());
  EXPECT_DOUBLE_EQ(periodic_step_time({}, 5, 1), 0.0);
}

TEST(PeriodicSchedule, OnAClockASendNeedsOnlyTheReceivesItForwards)
{
  // Node 1's steps (derived in NodeStepsFollowPeriodsThenSlots): 0 (period 0, slot 0) receives
  // element 0; 1 (1, 0) sends element 0 and receives element 2; 2 (1, 1) receives element 1;
  // 3 (2, 0) sends element 2; 4 (2, 1) receives element 3. Step 1's send forwards what step 0
  // brought, step 3's what step 1 brought.
  const auto steps = periodic_steps(crossed_chains(), kParents, {1.0, 1.0}, 1, 4, 4);
  ASSERT_EQ(steps.size(), 5u);
  EXPECT_EQ(periodic_send_needs(steps),
            (std::vector<std::vector<std::size_t>>{{}, {0}, {}, {1}, {}}));
  // Receives posted a period ahead: from step 0 (period 0) those of periods 0 and 1, from step 1
  // on every one.
  EXPECT_EQ(periodic_receive_window(steps), (std::vector<std::size_t>{3, 5, 5, 5, 5}));
  // On a clock of 1 s per slot (a period of 2 s), node 1's sends 1.5 s after their slot's start:
  // steps start at 0, 3.5, 3, 5.5 and 5, so step 2 comes before step 1, and step 4 before step 3.
  auto clocked = crossed_chains();
  clocked.slot_seconds = {1.0, 1.0};
  clocked.slots[0][1].delay = 1.5;  // 1 -> 2 in tree A
  const auto offsets = periodic_slot_offsets(clocked);
  const auto delayed = periodic_steps(clocked, kParents, {1.0, 1.0}, 1, 4, 4);
  EXPECT_DOUBLE_EQ(periodic_step_start(offsets, delayed[1]), 3.5);
  EXPECT_DOUBLE_EQ(periodic_step_start(offsets, delayed[2]), 3.0);
  EXPECT_EQ(periodic_step_order(delayed, offsets), (std::vector<std::size_t>{0, 2, 1, 4, 3}));
}

TEST(PeriodicSchedule, GivenLagsAreCheckedAgainstTheSlots)
{
  // Crossed chains: in A, node 1 gets its piece in slot 0 and sends in slot 0, so it cannot
  // forward in the same period (lag 0 refused); lag 1 or more is kept as given.
  auto lagged = crossed_chains();
  lagged.lags = {{0, 2, 3}, {0, 2, 1}};
  ASSERT_NO_THROW(check_periodic_schedule(lagged, kParents));
  EXPECT_EQ(periodic_lags(lagged, kParents), lagged.lags);
  EXPECT_EQ(periodic_period_count(lagged, kParents, 4), 4u);  // 2 blocks + node 1's lag 2 in A
  lagged.lags = {{0, 0, 1}, {0, 2, 1}};
  EXPECT_THROW(check_periodic_schedule(lagged, kParents), std::invalid_argument);
  lagged.lags = {{1, 1, 2}, {0, 2, 1}};  // the root's lag
  EXPECT_THROW(check_periodic_schedule(lagged, kParents), std::invalid_argument);
  lagged.lags = {{0, 1, 0}, {0, 2, 1}};  // below its parent's
  EXPECT_THROW(check_periodic_schedule(lagged, kParents), std::invalid_argument);
  lagged.lags = {{0, 1, 2}};  // one tree's only
  EXPECT_THROW(check_periodic_schedule(lagged, kParents), std::invalid_argument);
  auto delayed = crossed_chains();
  delayed.slots[1][0].delay = -1.0;
  EXPECT_THROW(check_periodic_schedule(delayed, kParents), std::invalid_argument);
}

TEST(PeriodicSchedule, OnAClockAPieceOutStartsNoEarlierThanThePiecesInThatBringIt)
{
  // Tree A of the chains of ANodeForwardsInThePeriodItReceivesWhenItsSlotsComeAfter: node 1 gets
  // its piece in slot 0 and forwards it in slot 2, lag 0. On a clock of 1 s per slot, a delay of
  // 2.5 s on the piece in starts it at 2.5, after the piece out (at 2): refused, since each would
  // wait for the other. Lags of 1 for node 1 (a period of 4 s later) let it through.
  PeriodicSchedule schedule;
  schedule.period_slices = 2;
  schedule.slots = {{{0, 0, 1, 0.0, 1.0}}, {{1, 2, 1, 0.0, 1.0}}, {{0, 1, 2, 0.0, 1.0}}, {{1, 0, 2, 0.0, 1.0}}};
  schedule.slot_seconds = {1.0, 1.0, 1.0, 1.0};
  ASSERT_NO_THROW(check_periodic_schedule(schedule, kParents));
  schedule.slots[0][0].delay = 2.5;
  EXPECT_THROW(check_periodic_schedule(schedule, kParents), std::invalid_argument);
  schedule.lags = {{0, 1, 2}, {0, 2, 1}};
  EXPECT_NO_THROW(check_periodic_schedule(schedule, kParents));
}
