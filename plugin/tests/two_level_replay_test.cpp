// Khuller-Kim-Wan schedules replayed on generated two-level platforms (two_level_xml_writer.hpp) in exact
// mode: the replayed makespan equals the schedule's broadcast time x T1, where
// T1 = unit + S / bandwidth is one intra-cluster transfer. One engine per test, hence per process.
#include <hbcast/cluster/interleaved_lcf.hpp>
#include <hbcast/cluster/lcf.hpp>
#include <hbcast/cluster/lcf_no_idle.hpp>
#include <hbcast/cluster/platform_cluster_model.hpp>
#include <hbcast/cluster/postal_lcf.hpp>
#include <hbcast/cluster/schedule_checker.hpp>
#include <hbcast/platform/two_level_xml_writer.hpp>
#include <hbcast/eval/atomic_evaluator.hpp>
#include <hbcast/platform/loaded_platform.hpp>
#include <hbcast/platform/platform_cost_model.hpp>
#include <hbcast/replay/tree_broadcast.hpp>
#include <hbcast/sched/scheduler_registry.hpp>

#include "support/code_platforms.hpp"
#include "support/xml_file.hpp"

#include <gtest/gtest.h>
#include <simgrid/s4u/Actor.hpp>

#include <functional>

namespace sg4 = simgrid::s4u;
using namespace hbcast;

namespace {

constexpr double kUnit = 1e-3, kBandwidth = 1.25e9, kBytes = 1e6;
constexpr double kT1 = kUnit + kBytes / kBandwidth;  // 1.8 ms

struct Replayed {
  double makespan = 0;      // simulated
  double own = 0;           // the scheduler's own model (two-level), evaluated
  double schedule = 0;      // the cluster schedule's broadcast time in units, from the checker, x T1
};

using ClusterScheduler = std::function<ClusterSchedule(const ClusterInstance&)>;

// Generates the platform, replays scheduler `name` from host c0-0 (port model `port`); `cluster`
// is the Khuller-Kim-Wan scheduler behind it (postal: in the postal model).
Replayed replay(const std::vector<std::size_t>& sizes, double c, const std::string& name, PortModel port,
                const ClusterScheduler& cluster, bool postal = false)
{
  TwoLevelPlatformParameters parameters;
  parameters.sizes = sizes;
  parameters.global_cost = c;
  parameters.unit = kUnit;
  parameters.bandwidth = kBandwidth;
  const test_support::XmlFile file("hbcast-two-level", two_level_platform_xml(parameters));
  auto engine = test_support::make_engine("two_level_replay_test");
  test_support::set_exact_mode(engine);
  auto platform = LoadedPlatform::load(engine, file.path());
  auto costs = std::make_shared<PlatformCostModel>(platform);
  BroadcastInstance instance(costs, platform.host_names(), kBytes, port);
  const SchedulerInfo* scheduler = find_scheduler(name);
  EXPECT_NE(scheduler, nullptr);
  const ScheduleResult result = run_scheduler(*scheduler, instance, 0);
  // The cluster model the scheduler saw; its schedule rebuilt there and timed by the checker.
  PlatformClusterModel model = platform_cluster_model(*costs, kBytes, 0);
  EXPECT_EQ(model.instance.sizes.size(), sizes.size());
  EXPECT_NEAR(model.instance.global_cost, c, 1e-9 * c);
  EXPECT_NEAR(model.time_unit, kT1, 1e-12);
  model.instance.postal = postal;
  Replayed replayed;
  replayed.schedule = check_schedule(model.instance, cluster(model.instance)).broadcast_time * model.time_unit;
  replayed.own = evaluate_atomic(result.tree, *result.own_model, kBytes, port).makespan;
  sg4::Actor::create("controller", platform.hosts()[0], [&] {
    auto broadcast = TreeBroadcast::start(result.tree, platform.hosts(), ReplayOptions{kBytes, 1, port, name});
    broadcast->wait();
    replayed.makespan = broadcast->result().makespan;
  });
  engine.run();
  return replayed;
}

}  // namespace

TEST(TwoLevelReplay, LcfOnTheTightExampleMatchesTheClosedForm)
{
  // Fig. 3: n0 = 4, n1 = 8 and n0 - 1 = 3 singletons (all C apart: the cluster model must keep
  // them apart), C = 5. LCF: ceil(log2 4) + C + ceil(log2 8) = 2 + 5 + 3 = 10 units.
  const Replayed r = replay({4, 8, 1, 1, 1}, 5, "lcf", PortModel::one_port, schedule_lcf);
  EXPECT_NEAR(r.makespan, 10 * kT1, 1e-9 * r.makespan);
  EXPECT_NEAR(r.own, 10 * kT1, 1e-9 * r.own);
  EXPECT_NEAR(r.schedule, 10 * kT1, 1e-9 * r.schedule);
}

TEST(TwoLevelReplay, LcfNoIdleMatchesItsSchedule)
{
  // {2, 4, 4, 2, 2, 2}, C = 3: K0 doubles (1); its 2 nodes reach the two 4-clusters (1..4), full
  // at 6; K0 again at 4 -> two 2-clusters (arrive 7, full 8); at 6 the 4-clusters reach the last
  // one (arrive 9, full 10). Broadcast time 10 units.
  const Replayed r = replay({2, 4, 4, 2, 2, 2}, 3, "lcf-no-idle", PortModel::one_port, schedule_lcf_no_idle);
  EXPECT_NEAR(r.makespan, 10 * kT1, 1e-9 * r.makespan);
  EXPECT_NEAR(r.own, r.makespan, 1e-9 * r.makespan);
  EXPECT_NEAR(r.schedule, r.makespan, 1e-9 * r.makespan);
}

TEST(TwoLevelReplay, PostalLcfReplayedMultiPort)
{
  // Postal, C = 3, five clusters of 2: K0 doubles (t = 1); window [1, 4): sends at 1 reach
  // clusters 1, 2 (arrive 4), sends at 2 reach 3, 4 (arrive 5); one local round each: 6 units.
  // Multi-port replay: a send occupies its sender T1 (the send overhead), arrives after C x T1.
  const Replayed r = replay({2, 2, 2, 2, 2}, 3, "lcf-postal", PortModel::multi_port, schedule_postal_lcf, true);
  EXPECT_NEAR(r.makespan, 6 * kT1, 1e-9 * r.makespan);
  EXPECT_NEAR(r.own, 6 * kT1, 1e-9 * r.own);
  EXPECT_NEAR(r.schedule, 6 * kT1, 1e-9 * r.schedule);
}

TEST(TwoLevelReplay, InterleavedLcfReplayedMultiPort)
{
  // No closed form at hand: the replay, the own model and the checker's time of the cluster
  // schedule (three independent timings) agree.
  const Replayed r =
      replay({3, 2, 4, 2, 2, 3}, 4, "lcf-interleaved", PortModel::multi_port, schedule_interleaved_lcf, true);
  EXPECT_GT(r.makespan, 0);
  EXPECT_NEAR(r.makespan, r.own, 1e-9 * r.makespan);
  EXPECT_NEAR(r.makespan, r.schedule, 1e-9 * r.makespan);
}
