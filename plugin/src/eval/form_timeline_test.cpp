// The executable multi-tree forms timed transfer by transfer, on plans small enough to time by hand.
#include <hbcast/eval/form_timeline.hpp>
#include <hbcast/core/capped_pace.hpp>
#include <hbcast/model/dense_cost_model.hpp>

#include <gtest/gtest.h>

using namespace hbcast;

namespace {

// Every pair linked: latency `latency`, `bandwidth` bytes per second.
DenseCostModel uniform(std::size_t nodes, double latency, double bandwidth)
{
  DenseCostModel costs(nodes);
  for (NodeId u = 0; u < nodes; ++u)
    for (NodeId v = 0; v < nodes; ++v)
      if (u != v)
        costs.set_link(u, v, latency, bandwidth);
  return costs;
}

}  // namespace

TEST(PeriodicTimeline, TwoCrossedChainsTimedStepByStep)
{
  // Tree A: 0 -> 1 -> 2 and tree B: 0 -> 2 -> 1, equal weights; 4 bytes in 4 slices, periods of 2
  // slices: each period, A carries its first byte and B its second. 1 byte/s, no latency: every
  // transfer takes 1 s. Slots: {0->1 (A), 1->2 (A)} then {0->2 (B), 2->1 (B)}. A sender at depth d
  // sends block k - d in period k; 2 blocks and depth 1 give 3 periods. Transfers start when both
  // ends are ready:
  //   period 0: 0->1 A0 [0, 1]; 0->2 B0 [1, 2]                          (0 ready at 2, 1 at 1, 2 at 2)
  //   period 1: 0->1 A1 [2, 3], 1->2 A0 [2, 3]; 0->2 B1 [3, 4], 2->1 B0 [3, 4]       (all ready at 4)
  //   period 2: 1->2 A1 [4, 5]; 2->1 B1 [5, 6]
  // Bytes: A's blocks are bytes 0 and 2 (slices 0 and 2), B's bytes 1 and 3 (slices 1 and 3).
  const BroadcastTree a(0, {{1}, {2}, {}}), b(0, {{2}, {}, {1}});
  PeriodicSchedule schedule;
  schedule.period_slices = 2;
  schedule.slots = {{{0, 0, 1, 0.0, 1.0}, {0, 1, 2, 0.0, 1.0}}, {{1, 0, 2, 0.0, 1.0}, {1, 2, 1, 0.0, 1.0}}};
  const auto costs = uniform(3, 0.0, 1.0);
  const FormTimeline timeline = periodic_timeline({a, b}, {1.0, 1.0}, schedule, costs, {4, 4, 1.0, 0.0});
  EXPECT_DOUBLE_EQ(timeline.makespan, 6.0);
  EXPECT_EQ(timeline.transfers, 8u);
  EXPECT_EQ(timeline.arrival[1], (std::vector<double>{1.0, 4.0, 3.0, 6.0}));
  EXPECT_EQ(timeline.arrival[2], (std::vector<double>{3.0, 2.0, 5.0, 4.0}));
  // Observed period at node 1 (last): 2 blocks and a lag of 1 period never run a full period, so
  // the whole run, 6 / 4.
  EXPECT_DOUBLE_EQ(timeline.period, 1.5);
  // SMPI's envelope: every message 16 bytes longer, 17 s each here.
  EXPECT_DOUBLE_EQ(periodic_timeline({a, b}, {1.0, 1.0}, schedule, costs, {4, 4, 1.0, 16.0}).makespan, 6.0 * 17.0);
}

TEST(PeriodicTimeline, TheClockHoldsEachTransferToItsSlot)
{
  // The crossed chains above on a clock of 1.5 s per slot (a period of 3 s): a transfer starts at
  // the latest of its two ends' readiness and its slot's time k x 3 + s x 1.5.
  //   period 0: 0->1 A0 [0, 1]; 0->2 B0 [1.5, 2.5]
  //   period 1: 0->1 A1 [3, 4], 1->2 A0 [3, 4]; 0->2 B1 [4.5, 5.5], 2->1 B0 [4.5, 5.5]
  //   period 2: 1->2 A1 [6, 7]; 2->1 B1 [7.5, 8.5]
  const BroadcastTree a(0, {{1}, {2}, {}}), b(0, {{2}, {}, {1}});
  PeriodicSchedule schedule;
  schedule.period_slices = 2;
  schedule.slots = {{{0, 0, 1, 0.0, 1.0}, {0, 1, 2, 0.0, 1.0}}, {{1, 0, 2, 0.0, 1.0}, {1, 2, 1, 0.0, 1.0}}};
  schedule.slot_seconds = {1.5, 1.5};
  const FormTimeline timeline = periodic_timeline({a, b}, {1.0, 1.0}, schedule, uniform(3, 0.0, 1.0), {4, 4, 1.0, 0.0});
  EXPECT_DOUBLE_EQ(timeline.makespan, 8.5);
  EXPECT_EQ(timeline.arrival[1], (std::vector<double>{1.0, 5.5, 4.0, 8.5}));
  EXPECT_EQ(timeline.arrival[2], (std::vector<double>{4.0, 2.5, 7.0, 5.5}));
}

TEST(ObservedPeriod, SteadyPeriodsOnly)
{
  // 20 slices, one at a time every 2 s from t = 2: ceil(20 / 10) = 2 left out, (40 - 4) / 18.
  std::vector<double> steady;
  for (int j = 1; j <= 20; ++j)
    steady.push_back(2.0 * j);
  EXPECT_DOUBLE_EQ(observed_period(steady), 2.0);
  // 10 blocks of 10 slices, a lag of 2: block b complete at 10 (b + 1), but the wind-down's blocks
  // 8 and 9 at 85 and 88. Full periods only: from the end of block 2 (30) to that of block 7 (80),
  // 50 slices: 1 s each.
  std::vector<double> blocks;
  for (int b = 0; b < 10; ++b)
    blocks.insert(blocks.end(), 10, b < 8 ? 10.0 * (b + 1) : (b == 8 ? 85.0 : 88.0));
  EXPECT_DOUBLE_EQ(periodic_observed_period(blocks, 10, 2), 1.0);
  // Blocks of 2 whose second slice comes early (a tree of less lag), lag 0: the node holds the
  // first 2 slices at 10, not at the 2nd earliest arrival (6): (30 - 10) / 6.
  EXPECT_DOUBLE_EQ(periodic_observed_period({10.0, 4.0, 20.0, 6.0, 25.0, 8.0, 30.0, 12.0}, 2, 0), 20.0 / 6.0);
  // No full period past the first tenth (one block): the whole run from the origin, (7 - 2) / 10.
  EXPECT_DOUBLE_EQ(periodic_observed_period(std::vector<double>(10, 7.0), 10, 0, 2.0), 0.5);
  EXPECT_DOUBLE_EQ(periodic_observed_period({3.0}, 1, 0), 0.0);
}

TEST(CappedTimeline, EachHopTakesLatencyPlusRoundOverTheWeights)
{
  // One chain 0 -> 1 -> 2 carrying 0.5 slice/s; 4 bytes in 4 slices (1 byte each), rounds of one
  // slice: the root starts round r at r x P, P = (1 / 0.5) / (1 - kCappedPaceSlack) s; the cap
  // 0.5 byte/s (the plan's full rate) makes each hop 0.1 + 2 s (the link's 100 bytes/s is not the
  // bottleneck). Node 2 gets round r at r P + 4.2.
  const BroadcastTree chain(0, {{1}, {2}, {}});
  const auto costs = uniform(3, 0.1, 100.0);
  const FormTimeline timeline = capped_timeline({chain}, {0.5}, 1, costs, {4, 4, 1.0, 0.0});
  const double pace = 2.0 / (1.0 - kCappedPaceSlack);
  EXPECT_DOUBLE_EQ(timeline.makespan, 3 * pace + 4.2);
  ASSERT_EQ(timeline.arrival[2].size(), 4u);
  for (std::size_t j = 0; j < 4; ++j)
    EXPECT_NEAR(timeline.arrival[2][j], static_cast<double>(j) * pace + 4.2, 1e-12) << "slice " << j;
  EXPECT_DOUBLE_EQ(timeline.period, pace);
  // Two trees over the same edge, weights 1 and 3, one round of 8 bytes in 2 slices (4 bytes each):
  // A gets bytes [0, 2) capped at 1 x 4 bytes/s, B bytes [2, 8) at 3 x 4: both hops take 0.5 s, the
  // round over the weights' sum (2 / 4), whatever the tree's weight.
  const BroadcastTree edge(0, {{1}, {}});
  const FormTimeline shared = capped_timeline({edge, edge}, {1.0, 3.0}, 2, uniform(2, 0.0, 100.0), {8, 2, 1.0, 0.0});
  EXPECT_DOUBLE_EQ(shared.makespan, 0.5);
  EXPECT_EQ(shared.arrival[1], (std::vector<double>{0.5, 0.5}));
  EXPECT_EQ(capped_rates({1.0, 3.0}, {8, 2, 1.0, 0.0}), (std::vector<double>{4.0, 12.0}));
}
