// Adding a scheduler takes one file and one registry line (docs/architecture.md). This file is
// that one file for a scheduler the library does not have, and registers it with one line; the
// tests check that it is listed and that it runs through the very path `hbcast simulate` takes.
#include <hbcast/core/broadcast_tree.hpp>
#include <hbcast/sched/scheduler_registry.hpp>
#include <hbcast/simulation/scheduler_simulation.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <string>

using namespace hbcast;

namespace {

// The new scheduler: a chain in host order from the root (root -> root+1 -> ... mod n).
ScheduleResult schedule_chain(const BroadcastInstance& instance, NodeId root)
{
  BroadcastTree tree(instance.size(), root);
  NodeId previous = root;
  for (std::size_t step = 1; step < instance.size(); ++step) {
    const NodeId next = (root + step) % instance.size();
    tree.add_child(previous, next);
    previous = next;
  }
  return {tree, nullptr, "pairwise (no model of its own)"};
}

// The registry line.
const bool kChainRegistered = (register_scheduler({"test-chain", "a chain in host order from the root",
                                                   "add_a_scheduler_test.cpp", schedule_chain}),
                               true);

}  // namespace

TEST(AddAScheduler, ListedAfterTheBuiltInOnes)
{
  ASSERT_TRUE(kChainRegistered);
  const SchedulerInfo* chain = find_scheduler("test-chain");
  ASSERT_NE(chain, nullptr);
  EXPECT_EQ(&scheduler_registry().back(), chain);
  EXPECT_EQ(scheduler_registry().front().name, "flat");
  EXPECT_EQ(chain->summary, "a chain in host order from the root");
  EXPECT_FALSE(chain->needs_platform_graph);
}

TEST(AddAScheduler, SimulatedAsSimulateDoes)
{
  cli::SimulateOptions options;
  options.platform = HBCAST_TEST_PLATFORM_DIR "/hetero_star.xml";
  options.root = "h3";
  options.message_bytes = 1e6;
  const cli::SimulationReport report = cli::simulate_scheduler(options, "test-chain");
  ASSERT_EQ(report.runs.size(), 1u);
  const cli::SchedulerRun& run = report.runs.front();
  EXPECT_EQ(run.scheduler, "test-chain");
  EXPECT_EQ(run.own_model, "pairwise (no model of its own)");
  EXPECT_EQ(run.transfers, 15u);

  // hetero_star.xml: host hK has one NIC of bandwidth bw and latency lat by class; a hop u -> v
  // takes lat_u + lat_v + S / min(bw_u, bw_v), and a chain's hops never overlap, so the makespan
  // is the sum of its hops, h3 -> h4 -> ... -> h15 -> h0 -> h1 -> h2, in exact mode.
  constexpr std::array<int, 16> kClass = {2, 4, 0, 3, 1, 2, 0, 4, 1, 3, 2, 4, 3, 0, 1, 2};
  constexpr std::array<double, 5> kBandwidth = {10e6, 31.25e6, 125e6, 312.5e6, 1.25e9};
  constexpr std::array<double, 5> kLatency = {100e-6, 75e-6, 50e-6, 20e-6, 10e-6};
  double expected = 0.0;
  for (std::size_t step = 0; step < 15; ++step) {
    const int from = kClass[(3 + step) % 16];
    const int to = kClass[(4 + step) % 16];
    expected += kLatency[from] + kLatency[to] + 1e6 / std::min(kBandwidth[from], kBandwidth[to]);
  }
  EXPECT_NEAR(run.pairwise.makespan, expected, 1e-9 * expected);
  EXPECT_NEAR(run.simulated.makespan, expected, 1e-9 * expected);
  EXPECT_NEAR(run.own.makespan, expected, 1e-9 * expected);
}
