// The periodic form's clock with overlapped latencies, derived by hand, and its timeline.
#include <hbcast/platform_graph/periodic_clock.hpp>

#include <hbcast/eval/form_timeline.hpp>
#include <hbcast/model/dense_cost_model.hpp>

#include <gtest/gtest.h>

#include <tuple>

using namespace hbcast;

namespace {

// Tree 0 -> 1 -> 2 and 0 -> 3; every pair at latency 1 s and 10^6 bytes/s; slices of 2 x 10^6
// bytes, one per period, so each piece sends for 2 s (and 10^-6 s for the byte of rounding the
// clock allows).
struct ForkedChain {
  BroadcastTree tree{0, {{1, 3}, {2}, {}, {}}};
  std::vector<std::vector<NodeId>> parents{tree.parents()};
  DenseCostModel costs{4};
  PeriodicSchedule schedule;
  ForkedChain()
  {
    for (NodeId u = 0; u < 4; ++u)
      for (NodeId v = 0; v < 4; ++v)
        if (u != v)
          costs.set_link(u, v, 1.0, 1e6);
    schedule.period_slices = 1;
    schedule.slots = {{{0, 0, 1, 0.0, 1.0}}, {{0, 1, 2, 0.0, 1.0}, {0, 0, 3, 0.0, 1.0}}};
  }
};

constexpr double kByte = 1e-6;  // one byte's sending time

}  // namespace

TEST(PeriodicClock, LatenciesOverlapTheSendingOfTheSlotsBefore)
{
  // Each piece starts once its resources are free, less its latency:
  //   slot 0: 0->1 starts at 0, sends over [1, 3];
  //   slot 1: 1->2 (node 1 and node 2 free) starts at 0, sends over [1, 3]; 0->3 (node 0's port
  //           busy until 3) starts at 3 - 1 = 2, sends over [3, 5].
  // Slot times: the earliest start from each slot on: 0 and 0; delays 0, then 0 and 2.
  // Period: node 0's port sends over [1, 5] (4 s, its load: the LP's bound); the others 2 s.
  // Node 1 gets its block by 3 and sends at 0 in the period: it forwards it ceil(3 / 4) = 1
  // period later; leaves one period after their parent. Charging each slot its longest piece,
  // latency included, the period would be 3 + 3 = 6 s.
  ForkedChain fc;
  const PeriodicClock clock = periodic_clock(fc.schedule, fc.parents, {1.0}, fc.costs, 2e6, nullptr);
  ASSERT_EQ(clock.slot_seconds.size(), 2u);
  EXPECT_NEAR(clock.slot_seconds[0], 0.0, 1e-12);
  EXPECT_NEAR(clock.slot_seconds[1], 4.0, 3 * kByte);
  ASSERT_EQ(clock.delays.size(), 2u);
  EXPECT_EQ(clock.delays[0], (std::vector<double>{0.0}));
  ASSERT_EQ(clock.delays[1].size(), 2u);
  EXPECT_DOUBLE_EQ(clock.delays[1][0], 0.0);
  EXPECT_NEAR(clock.delays[1][1], 2.0, 2 * kByte);
  EXPECT_EQ(clock.lags, (std::vector<std::vector<std::size_t>>{{0, 1, 2, 1}}));
}

TEST(PeriodicClock, TheTimelineRunsOnItEveryPieceOnTime)
{
  // On the clock above (a period of 4 s), 3 slices of 2 x 10^6 bytes:
  //   node 1 gets block b in period b: starts 4b, ends 4b + 3;
  //   node 3 gets block b in period b: starts 4b + 2, ends 4b + 5;
  //   node 2 gets block b in period b + 1 (node 1's lag): starts 4b + 4 (its block in since
  //   4b + 3), ends 4b + 7.
  // Makespan 4 x 2 + 7 = 15 s, up to the bytes of rounding in the clock.
  ForkedChain fc;
  PeriodicClock clock = periodic_clock(fc.schedule, fc.parents, {1.0}, fc.costs, 2e6, nullptr);
  const PeriodicSchedule clocked = with_clock(fc.schedule, clock);
  ASSERT_NO_THROW(check_periodic_schedule(clocked, fc.parents));
  const FormTimeline timeline = periodic_timeline({fc.tree}, {1.0}, clocked, fc.costs, {6000000, 3, 1.0, 0.0});
  EXPECT_EQ(timeline.transfers, 9u);
  for (std::size_t b = 0; b < 3; ++b) {
    const double start = 4.0 * static_cast<double>(b);
    EXPECT_NEAR(timeline.arrival[1][b], start + 3.0, 1e-4) << b;
    EXPECT_NEAR(timeline.arrival[3][b], start + 5.0, 1e-4) << b;
    EXPECT_NEAR(timeline.arrival[2][b], start + 7.0, 1e-4) << b;
  }
  EXPECT_NEAR(timeline.makespan, 15.0, 1e-4);
}

TEST(PeriodicClock, RefusesWhatItCannotTime)
{
  ForkedChain fc;
  EXPECT_THROW(periodic_clock(fc.schedule, fc.parents, {1.0, 1.0}, fc.costs, 2e6, nullptr), std::invalid_argument);
  EXPECT_THROW(periodic_clock(fc.schedule, fc.parents, {1.0}, fc.costs, 0.0, nullptr), std::invalid_argument);
  auto broken = fc.schedule;
  broken.slots[1].pop_back();  // the edge 0 -> 3 in no slot
  EXPECT_THROW(periodic_clock(broken, fc.parents, {1.0}, fc.costs, 2e6, nullptr), std::invalid_argument);
  // A clock of another schedule: a list of delays per slot, a delay per piece.
  PeriodicClock clock = periodic_clock(fc.schedule, fc.parents, {1.0}, fc.costs, 2e6, nullptr);
  EXPECT_THROW(with_clock(broken, clock), std::invalid_argument);
  clock.delays.pop_back();
  EXPECT_THROW(with_clock(fc.schedule, clock), std::invalid_argument);
}

TEST(PeriodicClock, StartOrderSendsEachPieceAsSoonAsItsPortsAreFree)
{
  // Two trees on 4 hosts, weight 1 each: A = 0 -> 1, 0 -> 2, 2 -> 3 and B = 0 -> 3, 3 -> 1,
  // 3 -> 2; every pair at latency 1 s and 10^6 bytes/s, slices of 4 x 10^6 bytes, so each piece
  // (half a slice) sends for 2 s. Slots, one piece each: B 3->1, A 0->1, A 0->2, B 0->3, A 2->3,
  // B 3->2. In that order A 0->1 waits for host 1 (until 3) and holds host 0, so A 0->2 and
  // B 0->3 wait behind it: the last piece ends at 11. Start order, each next piece the one whose
  // sending could begin first (ties in slot order):
  //   at 1: B 3->1, A 0->2, A 2->3 (their ports free); A 0->1, B 0->3, B 3->2 wait;
  //   at 3: A 0->1 (hosts 0 and 1 free), B 3->2 (hosts 3 and 2 free);
  //   at 5: B 0->3 (host 0 free again). The last piece ends at 7.
  const BroadcastTree a(0, {{1, 2}, {}, {3}, {}}), b(0, {{3}, {}, {}, {1, 2}});
  const std::vector<std::vector<NodeId>> parents{a.parents(), b.parents()};
  DenseCostModel costs(4);
  for (NodeId u = 0; u < 4; ++u)
    for (NodeId v = 0; v < 4; ++v)
      if (u != v)
        costs.set_link(u, v, 1.0, 1e6);
  PeriodicSchedule schedule;
  schedule.period_slices = 1;
  schedule.slots = {{{1, 3, 1, 0.0, 1.0}}, {{0, 0, 1, 0.0, 1.0}}, {{0, 0, 2, 0.0, 1.0}},
                    {{1, 0, 3, 0.0, 1.0}}, {{0, 2, 3, 0.0, 1.0}}, {{1, 3, 2, 0.0, 1.0}}};
  ASSERT_NO_THROW(check_periodic_schedule(schedule, parents));
  const PeriodicSchedule ordered = periodic_start_order(schedule, {1.0, 1.0}, costs, 4e6, nullptr);
  ASSERT_NO_THROW(check_periodic_schedule(ordered, parents));
  std::vector<std::tuple<std::size_t, NodeId, NodeId>> order;
  for (const auto& slot : ordered.slots) {
    ASSERT_EQ(slot.size(), 1u);
    order.emplace_back(slot.front().tree, slot.front().from, slot.front().to);
  }
  const std::vector<std::tuple<std::size_t, NodeId, NodeId>> expected{{1, 3, 1}, {0, 0, 2}, {0, 2, 3},
                                                                      {0, 0, 1}, {1, 3, 2}, {1, 0, 3}};
  EXPECT_EQ(order, expected);
  // On its clock every piece starts as derived: the slots' times plus their delays.
  const PeriodicClock clock = periodic_clock(ordered, parents, {1.0, 1.0}, costs, 4e6, nullptr);
  std::vector<double> starts;
  double offset = 0.0;
  for (std::size_t s = 0; s < ordered.slots.size(); ++s) {
    starts.push_back(offset + clock.delays[s][0]);
    offset += clock.slot_seconds[s];
  }
  const std::vector<double> derived{0.0, 0.0, 0.0, 2.0, 2.0, 4.0};  // sending starts less latency 1
  for (std::size_t s = 0; s < starts.size(); ++s)
    EXPECT_NEAR(starts[s], derived[s], 1e-5) << "slot " << s;
}
