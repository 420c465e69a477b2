// Link-aware scheduling and contention analysis.
// - link-fnf, link-ecef and link-binomial on code-built multi-cluster platforms (ClusteredLinkModel: clusters of
//   100 hosts behind SHARED backbones of 2.5 host links, 1 Gb/s uplinks to a core), 10^3 and 10^4 hosts;
// - the contention analysis of a binomial tree against the SimGrid replay of the same tree on the
//   same platform (one SHARED-backbone cluster), side by side; and, with slices, the prediction with
//   links (the ports' recurrence, the analysis of every slice transfer, the periods of the ports and
//   of every shared link) against the replay of the same slices. SimGrid allows one engine per process,
//   so each measurement forks a child that loads the platform, predicts the tree (as simulate does
//   before the analysis), analyses it (its own route look-ups in SimGrid included) and replays it,
//   and reports both wall times through a pipe;
// - the max-min prediction (predict_max_min: the replay's sharing of the links, a fluid model) of a
//   binomial tree, one-port, against the replay of the same tree and slices, on the same cluster,
//   at the fluid model's size limit (hosts^2 x slices = 10^6 and 4 x 10^6): its time with its
//   route look-ups, the replay's, and the relative difference of their makespans.
#include <hbcast/eval/atomic_evaluator.hpp>
#include <hbcast/eval/contention_analysis.hpp>
#include <hbcast/eval/link_prediction.hpp>
#include <hbcast/eval/max_min_prediction.hpp>
#include <hbcast/eval/pipeline_evaluator.hpp>
#include <hbcast/link_aware/link_binomial.hpp>
#include <hbcast/link_aware/link_ecef.hpp>
#include <hbcast/link_aware/link_fnf.hpp>
#include <hbcast/model/clustered_link_model.hpp>
#include <hbcast/model/link_cost_model.hpp>
#include <hbcast/platform/exact_mode.hpp>
#include <hbcast/platform/loaded_platform.hpp>
#include <hbcast/platform/platform_cost_model.hpp>
#include <hbcast/platform/platform_link_model.hpp>
#include <hbcast/replay/replay_tree.hpp>
#include <hbcast/sched/binomial.hpp>

#include "child_measurement.hpp"
#include "measurement_engine.hpp"

#include <benchmark/benchmark.h>
#include <simgrid/s4u/Engine.hpp>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>

namespace sg4 = simgrid::s4u;

namespace {

constexpr double kBytes = 1e6;

std::shared_ptr<const hbcast::ClusteredLinkModel> multi_cluster(std::size_t hosts)
{
  hbcast::LinkedCluster cluster;
  cluster.hosts = 100;
  cluster.backbone_bandwidth = 2.5 * cluster.host_bandwidth;
  std::vector<hbcast::LinkedCluster> clusters(hosts / cluster.hosts, cluster);
  return std::make_shared<hbcast::ClusteredLinkModel>(clusters);
}

std::unique_ptr<hbcast::BroadcastInstance> instance_on(std::shared_ptr<const hbcast::LinkRouteModel> links)
{
  std::vector<std::string> names(links->host_count(), "h");
  auto instance = std::make_unique<hbcast::BroadcastInstance>(std::make_shared<hbcast::LinkCostModel>(links), names,
                                                              kBytes);
  instance->set_links(std::move(links));
  return instance;
}

void BM_scheduler(benchmark::State& state, hbcast::ScheduleResult (*schedule)(const hbcast::BroadcastInstance&,
                                                                               hbcast::NodeId))
{
  const auto instance = instance_on(multi_cluster(static_cast<std::size_t>(state.range(0))));
  for (auto _ : state)
    benchmark::DoNotOptimize(schedule(*instance, 0));
}
BENCHMARK_CAPTURE(BM_scheduler, link_fnf, hbcast::schedule_link_fnf)
    ->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond)->MinTime(0.5);
BENCHMARK_CAPTURE(BM_scheduler, link_ecef, hbcast::schedule_link_ecef)
    ->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond)->MinTime(0.5);
BENCHMARK_CAPTURE(BM_scheduler, link_binomial, hbcast::schedule_link_binomial)
    ->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond)->MinTime(0.5);

void BM_contention_code_built(benchmark::State& state)
{
  const auto links = multi_cluster(static_cast<std::size_t>(state.range(0)));
  const auto tree = hbcast::binomial_tree(links->host_count(), 0);
  const hbcast::LinkCostModel costs(links);
  std::size_t over = 0;
  for (auto _ : state)
    over = hbcast::analyze_contention(hbcast::timed_transfers(tree, costs, kBytes, hbcast::PortModel::one_port), *links)
               .links.size();
  state.counters["oversubscribed_links"] = static_cast<double>(over);
}
BENCHMARK(BM_contention_code_built)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);

struct ChildReport {
  double route_seconds = 0.0;  // the tree's routes looked up in SimGrid (link-level platform data)
  double analysis_seconds = 0.0;
  double replay_seconds = 0.0;
  double oversubscribed_links = 0.0;
  char error[200] = "";
};

std::string write_platform(std::size_t hosts)
{
  const std::string path = std::filesystem::temp_directory_path() /
                           ("hbcast-link-bench-" + std::to_string(getpid()) + "-" + std::to_string(hosts) + ".xml");
  std::ofstream(path) << "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
                         "<platform version=\"4.1\">\n  <cluster id=\"bb\" prefix=\"host-\" suffix=\"\" radical=\"0-"
                      << hosts - 1
                      << "\" speed=\"1Gf\" bw=\"125MBps\" lat=\"10us\" bb_bw=\"2.5GBps\" bb_lat=\"10us\" "
                         "bb_sharing_policy=\"SHARED\"/>\n</platform>\n";
  return path;
}

double seconds_since(std::chrono::steady_clock::time_point start)
{
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

ChildReport child_main(const std::string& platform_file, std::size_t n, hbcast::ReplayDriver driver, std::size_t slices)
{
  ChildReport report;
  try {
    auto& engine = hbcast::bench::measurement_engine("link_aware_bench", "warning");
    for (const char* config : {"contexts/guard-size:0", "contexts/stack-size:128"})
      sg4::Engine::set_config(config);
    const auto platform = hbcast::LoadedPlatform::load(engine, platform_file);
    const auto tree = hbcast::binomial_tree(n, 0);
    // What simulate has before the analysis: the pairwise model and the tree's prediction.
    const hbcast::PlatformCostModel costs(platform);
    const auto prediction = hbcast::evaluate_atomic(tree, costs, kBytes, hbcast::PortModel::one_port);
    // The link-level data: each tree edge's route from SimGrid, looked up once.
    auto start = std::chrono::steady_clock::now();
    const hbcast::PlatformLinkModel links(platform);
    for (hbcast::NodeId parent = 0; parent < n; ++parent)
      for (hbcast::NodeId child : tree.children(parent))
        benchmark::DoNotOptimize(links.route(parent, child));
    report.route_seconds = seconds_since(start);
    start = std::chrono::steady_clock::now();
    if (slices == 1) {
      // The analysis, as simulate runs it: each transfer timed from the prediction's ready
      // times as it comes (no list), then the sweep over the shared links.
      report.oversubscribed_links = static_cast<double>(
          hbcast::analyze_contention(tree, costs, kBytes, prediction.ready_time, links).links.size());
    } else {
      // As simulate runs it with slices: the ports' recurrence over n K slice transfers, their
      // analysis, and the ports' and links' periods.
      report.oversubscribed_links = static_cast<double>(
          hbcast::predict_with_links(tree, costs, links, hbcast::slice_size(kBytes, slices), slices,
                                     hbcast::PortModel::one_port)
              .contention.links.size());
    }
    report.analysis_seconds = seconds_since(start);
    start = std::chrono::steady_clock::now();
    hbcast::replay_tree(engine, tree, platform.hosts(), {kBytes, slices, hbcast::PortModel::one_port, "bench", driver});
    report.replay_seconds = seconds_since(start);
  } catch (const std::exception& error) {
    std::snprintf(report.error, sizeof report.error, "child: %s", error.what());
  }
  return report;
}

ChildReport measure(const std::string& platform_file, std::size_t n, hbcast::ReplayDriver driver, std::size_t slices)
{
  auto measured =
      hbcast::bench::measure_in_child<ChildReport>([&] { return child_main(platform_file, n, driver, slices); });
  if (!measured.reported)
    std::snprintf(measured.report.error, sizeof measured.report.error, "%s", measured.failure.c_str());
  return measured.report;
}

// Manual time = the analysis on the tree's routes; the SimGrid route look-ups it needs (routes_s)
// and the replay of the same tree in the same child are the counters beside it, with the replay's
// default driver (automatic: events here) or the actor-per-host one (the replay when the issue
// set its target).
void BM_contention_vs_replay(benchmark::State& state, hbcast::ReplayDriver driver)
{
  const auto n = static_cast<std::size_t>(state.range(0));
  const auto slices = static_cast<std::size_t>(state.range(1));
  const std::string platform = write_platform(n);
  double replay = 0.0, analysis = 0.0, routes = 0.0, over = 0.0;
  for (auto _ : state) {
    const ChildReport report = measure(platform, n, driver, slices);
    if (report.error[0] != '\0') {
      state.SkipWithError(report.error);
      break;
    }
    state.SetIterationTime(report.analysis_seconds);
    replay += report.replay_seconds;
    analysis += report.analysis_seconds;
    routes += report.route_seconds;
    over = report.oversubscribed_links;
  }
  std::filesystem::remove(platform);
  state.counters["replay_s"] = benchmark::Counter(replay, benchmark::Counter::kAvgIterations);
  state.counters["analysis_s"] = benchmark::Counter(analysis, benchmark::Counter::kAvgIterations);
  state.counters["routes_s"] = benchmark::Counter(routes, benchmark::Counter::kAvgIterations);
  state.counters["replay_over_analysis"] = analysis > 0 ? replay / analysis : 0.0;
  state.counters["replay_over_routes_and_analysis"] = analysis + routes > 0 ? replay / (analysis + routes) : 0.0;
  state.counters["oversubscribed_links"] = over;
}
// Arguments: hosts, slices (1: the atomic analysis; K > 1: the prediction with links, whose time
// is then the manual time, against the replay of the K slices).
BENCHMARK_CAPTURE(BM_contention_vs_replay, default_replay, hbcast::ReplayDriver::automatic)
    ->Args({1000, 1})->Args({10000, 1})->UseManualTime()->Iterations(3)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_contention_vs_replay, actor_replay, hbcast::ReplayDriver::actor_per_host)
    ->Args({1000, 1})->Args({10000, 1})->UseManualTime()->Iterations(3)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_contention_vs_replay, sliced_default_replay, hbcast::ReplayDriver::automatic)
    ->Args({1000, 64})->Args({10000, 64})->UseManualTime()->Iterations(1)->Unit(benchmark::kMillisecond);

struct MaxMinReport {
  double prediction_seconds = 0.0;
  double replay_seconds = 0.0;
  double relative_difference = 0.0;
  double solves = 0.0;
  char error[200] = "";
};

MaxMinReport max_min_child(const std::string& platform_file, std::size_t n, std::size_t slices)
{
  MaxMinReport report;
  try {
    auto& engine = hbcast::bench::measurement_engine("link_aware_bench", "warning");
    const auto platform = hbcast::LoadedPlatform::load(engine, platform_file);
    const auto tree = hbcast::binomial_tree(n, 0);
    const hbcast::PlatformCostModel costs(platform);
    auto start = std::chrono::steady_clock::now();
    const hbcast::PlatformLinkModel links(platform);
    const auto predicted = hbcast::predict_max_min(tree, costs, links, hbcast::slice_size(kBytes, slices), slices,
                                                   hbcast::PortModel::one_port);
    report.prediction_seconds = seconds_since(start);
    report.solves = static_cast<double>(predicted.solves);
    start = std::chrono::steady_clock::now();
    const auto replay =
        hbcast::replay_tree(engine, tree, platform.hosts(), {kBytes, slices, hbcast::PortModel::one_port, "bench"});
    report.replay_seconds = seconds_since(start);
    report.relative_difference = std::abs(replay.makespan - predicted.makespan) / replay.makespan;
  } catch (const std::exception& error) {
    std::snprintf(report.error, sizeof report.error, "child: %s", error.what());
  }
  return report;
}

// Manual time = the max-min prediction (route look-ups included); the replay of the same tree and
// slices in the same child is the counter beside it.
void BM_max_min_vs_replay(benchmark::State& state)
{
  const auto n = static_cast<std::size_t>(state.range(0));
  const auto slices = static_cast<std::size_t>(state.range(1));
  const std::string platform = write_platform(n);
  double replay = 0.0, prediction = 0.0, difference = 0.0, solves = 0.0;
  for (auto _ : state) {
    auto measured = hbcast::bench::measure_in_child<MaxMinReport>([&] { return max_min_child(platform, n, slices); });
    if (!measured.reported)
      std::snprintf(measured.report.error, sizeof measured.report.error, "%s", measured.failure.c_str());
    if (measured.report.error[0] != '\0') {
      state.SkipWithError(measured.report.error);
      break;
    }
    state.SetIterationTime(measured.report.prediction_seconds);
    replay += measured.report.replay_seconds;
    prediction += measured.report.prediction_seconds;
    difference = std::max(difference, measured.report.relative_difference);
    solves = measured.report.solves;
  }
  std::filesystem::remove(platform);
  state.counters["replay_s"] = benchmark::Counter(replay, benchmark::Counter::kAvgIterations);
  state.counters["prediction_s"] = benchmark::Counter(prediction, benchmark::Counter::kAvgIterations);
  state.counters["replay_over_prediction"] = prediction > 0 ? replay / prediction : 0.0;
  state.counters["relative_difference"] = difference;
  state.counters["solves"] = solves;
}
// Arguments: hosts, slices.
BENCHMARK(BM_max_min_vs_replay)
    ->Args({1000, 1})->Args({250, 16})->Args({63, 256})->Args({2000, 1})->Args({500, 16})->Args({125, 256})
    ->UseManualTime()->Iterations(1)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
