// The replay as a library: any s4u simulation can broadcast along a tree, wait for it from an
// actor, and query per-host delivery times through the plugin's host extension.
#include <hbcast/core/binomial_tree.hpp>
#include <hbcast/core/tree_validation.hpp>
#include <hbcast/eval/atomic_evaluator.hpp>
#include <hbcast/eval/pipeline_evaluator.hpp>
#include <hbcast/platform/loaded_platform.hpp>
#include <hbcast/core/slice_interleaving.hpp>
#include <hbcast/replay/hbcast_plugin.hpp>
#include <hbcast/replay/multi_tree_broadcast.hpp>
#include <hbcast/replay/replay_tree.hpp>
#include <hbcast/replay/tree_broadcast.hpp>
#include <hbcast/sched/flat.hpp>

#include "support/code_platforms.hpp"

#include <gtest/gtest.h>
#include <simgrid/s4u/Actor.hpp>

namespace sg4 = simgrid::s4u;
using namespace hbcast;

namespace {

struct Fixture {
  test_support::StarParameters star;
  std::vector<sg4::Host*> hosts;
};

Fixture make_star(sg4::Engine& engine, std::size_t n, std::uint64_t seed)
{
  std::mt19937_64 rng(seed);
  Fixture fixture{test_support::random_star(n, rng), {}};
  test_support::set_exact_mode(engine);
  test_support::build_star_platform(engine, fixture.star);
  fixture.hosts = LoadedPlatform::from_engine(engine).hosts();
  return fixture;
}

}  // namespace

TEST(PluginApi, DeliveryTimesMatchTheReplayAndThePrediction)
{
  auto engine = test_support::make_engine("plugin_api_test");
  sg_hbcast_plugin_init();
  auto fixture = make_star(engine, 12, 7);
  auto tree = binomial_tree(12, 3);
  auto result = replay_tree(engine, tree, fixture.hosts, {1e6, 1, PortModel::one_port, "bcast"});
  auto predicted = evaluate_atomic(tree, test_support::star_cost_model(fixture.star), 1e6, PortModel::one_port);
  for (NodeId u = 0; u < 12; ++u) {
    auto delivered = delivery_time(*fixture.hosts[u], "bcast");
    ASSERT_TRUE(delivered.has_value()) << u;
    EXPECT_DOUBLE_EQ(*delivered, result.completion_time[u]);
    EXPECT_NEAR(*delivered, predicted.ready_time[u], 1e-9 * predicted.makespan);
  }
  EXPECT_FALSE(delivery_time(*fixture.hosts[0], "never-started").has_value());
  EXPECT_EQ(result.transfer_count, 11u);
}

TEST(PluginApi, ActorsStartBroadcastsMidSimulationAndWaitForThem)
{
  // A user actor sleeps, then runs two broadcasts back to back; times are relative to each start.
  auto engine = test_support::make_engine("plugin_api_test");
  auto fixture = make_star(engine, 9, 11);
  auto costs = test_support::star_cost_model(fixture.star);
  std::vector<ReplayResult> results;
  std::vector<double> finished_at;
  sg4::Actor::create("user", fixture.hosts[0], [&] {
    sg4::this_actor::sleep_for(5.0);
    for (std::size_t slices : {1, 6}) {
      auto broadcast = TreeBroadcast::start(flat_tree(9, 0), fixture.hosts,
                                            {3e5, slices, PortModel::one_port, "b" + std::to_string(slices)});
      broadcast->wait();
      finished_at.push_back(sg4::Engine::get_clock());
      results.push_back(broadcast->result());
    }
  });
  engine.run();
  ASSERT_EQ(results.size(), 2u);
  EXPECT_DOUBLE_EQ(results[0].start_time, 5.0);
  EXPECT_NEAR(finished_at[0], 5.0 + results[0].makespan, 1e-12);
  // Flat tree, one port: makespan = sum of the root's send times (atomic) or the K-slice recurrence.
  EXPECT_NEAR(results[0].makespan, evaluate_atomic(flat_tree(9, 0), costs, 3e5, PortModel::one_port).makespan, 1e-9);
  EXPECT_NEAR(results[1].makespan,
              evaluate_pipelined(flat_tree(9, 0), costs, slice_size(3e5, 6), 6, PortModel::one_port).makespan, 1e-9);
}

TEST(PluginApi, MultiTreePlansRunFromAnActor)
{
  // A plan of one tree is that tree pipelined: the flat tree's K-slice recurrence (one port). A
  // plan of two trees (binomial twice as heavy as flat) moves every slice to every host once.
  auto engine = test_support::make_engine("plugin_api_test");
  auto fixture = make_star(engine, 9, 13);
  auto costs = test_support::star_cost_model(fixture.star);
  std::vector<ReplayResult> results;
  sg4::Actor::create("user", fixture.hosts[0], [&] {
    sg4::this_actor::sleep_for(2.0);
    auto one = MultiTreeBroadcast::start({flat_tree(9, 0)}, interleave_trees({1.0}, 6), fixture.hosts,
                                         {3e5, 6, PortModel::one_port, "plan-1"});
    one->wait();
    results.push_back(one->result());
    auto two = MultiTreeBroadcast::start({binomial_tree(9, 0), flat_tree(9, 0)}, interleave_trees({2.0, 1.0}, 6),
                                         fixture.hosts, {3e5, 6, PortModel::one_port, "plan-2"});
    two->wait();
    results.push_back(two->result());
  });
  engine.run();
  ASSERT_EQ(results.size(), 2u);
  EXPECT_DOUBLE_EQ(results[0].start_time, 2.0);
  EXPECT_NEAR(results[0].makespan,
              evaluate_pipelined(flat_tree(9, 0), costs, slice_size(3e5, 6), 6, PortModel::one_port).makespan, 1e-9);
  EXPECT_EQ(results[1].transfer_count, 6u * 8u);
  for (NodeId u = 0; u < 9; ++u) {
    const auto delivered = delivery_time(*fixture.hosts[u], "plan-2");
    ASSERT_TRUE(delivered.has_value()) << u;
    EXPECT_DOUBLE_EQ(*delivered, results[1].start_time + results[1].completion_time[u]);  // absolute times
  }
}

TEST(PluginApi, RejectsInvalidTreesAndOptionsBeforeCreatingActors)
{
  auto engine = test_support::make_engine("plugin_api_test");
  auto fixture = make_star(engine, 4, 3);
  BroadcastTree not_spanning(4, 0);
  not_spanning.add_child(0, 1);
  EXPECT_THROW(TreeBroadcast::start(not_spanning, fixture.hosts, {1e3, 1, PortModel::one_port, "x"}), InvalidTree);
  EXPECT_THROW(TreeBroadcast::start(flat_tree(3, 0), fixture.hosts, {1e3, 1, PortModel::one_port, "y"}),
               std::invalid_argument);
  EXPECT_THROW(TreeBroadcast::start(flat_tree(4, 0), fixture.hosts, {1e3, 0, PortModel::one_port, "z"}),
               std::invalid_argument);
  EXPECT_THROW(TreeBroadcast::start(flat_tree(4, 0), fixture.hosts, {0.0, 1, PortModel::one_port, "w"}),
               std::invalid_argument);
  EXPECT_EQ(engine.get_actor_count(), 0u);
}

TEST(PluginApi, TheConfigurationKeyChoosesTheReplayDriver)
{
  auto engine = test_support::make_engine("plugin_api_test");
  auto fixture = make_star(engine, 6, 5);
  engine.set_config("hbcast/replay-driver:actors");
  auto by_actors = TreeBroadcast::start(binomial_tree(6, 0), fixture.hosts, {1e3, 1, PortModel::one_port, "a"});
  EXPECT_EQ(by_actors->driver(), ReplayDriver::actor_per_host);
  EXPECT_EQ(engine.get_actor_count(), 6u);
  // An explicit driver in the options wins over the key; the event-driven replay creates no actor.
  auto by_events = TreeBroadcast::start(binomial_tree(6, 0), fixture.hosts,
                                        {1e3, 1, PortModel::one_port, "e", ReplayDriver::events});
  EXPECT_EQ(by_events->driver(), ReplayDriver::events);
  EXPECT_EQ(engine.get_actor_count(), 6u);
  engine.run();
  ASSERT_TRUE(by_actors->done() && by_events->done());
  EXPECT_EQ(by_events->result().driver, ReplayDriver::events);
  // The same tree twice at once: each transfer shares its links with its twin, so both see the same times.
  EXPECT_DOUBLE_EQ(by_events->result().makespan, by_actors->result().makespan);
}

TEST(ReplayDriverChoice, EventsUpToTheInFlightLimitThenCouriers)
{
  // Binomial over 8 hosts: 0 -> {4, 2, 1}, 4 -> {6, 5}, 2 -> {3}, 6 -> {7}: 4 senders, 7 edges.
  EXPECT_EQ(max_transfers_in_flight(binomial_tree(8, 0), PortModel::one_port), 4u);
  EXPECT_EQ(max_transfers_in_flight(binomial_tree(8, 0), PortModel::multi_port), 7u);
  // A flat tree has one sender: one transfer at a time one-port, n - 1 multi-port.
  const std::size_t large = 2 * kEventDrivenInFlightLimit;
  EXPECT_EQ(choose_replay_driver(ReplayDriver::automatic, flat_tree(large, 0), PortModel::one_port),
            ReplayDriver::events);
  EXPECT_EQ(choose_replay_driver(ReplayDriver::automatic, flat_tree(large, 0), PortModel::multi_port),
            ReplayDriver::couriers);
  EXPECT_EQ(choose_replay_driver(ReplayDriver::automatic, binomial_tree(large + 2, 0), PortModel::one_port),
            ReplayDriver::couriers);
  EXPECT_EQ(choose_replay_driver(ReplayDriver::events, binomial_tree(large + 2, 0), PortModel::one_port),
            ReplayDriver::events);
  EXPECT_EQ(parse_replay_driver("actors"), ReplayDriver::actor_per_host);
  EXPECT_EQ(parse_replay_driver("couriers"), ReplayDriver::couriers);
  EXPECT_EQ(to_string(ReplayDriver::couriers), "couriers");
  EXPECT_EQ(parse_replay_driver("auto"), ReplayDriver::automatic);
  EXPECT_FALSE(parse_replay_driver("threads").has_value());
}
