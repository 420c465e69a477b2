// The multi-tree scheduler: extraction time and replay time, each beside its anchor.
//
//   extraction/random:N   schedule_multi_tree on the random platform graphs of Beaumont-Marchal-Robert, section
//                         5.1 (seed 42, as lp_bench: density 0.1 at 65 hosts, average degree ~8 at
//                         500), one-port, 1 MB slices: the program, then the trees priced against
//                         its port rows. Anchor: lp/random:N, the program alone. Target: 65 hosts
//                         < 1 s, 500 hosts < 60 s.
//   extraction/backbone:N one cluster of N hosts behind a SHARED backbone, every host pair routed
//                         (as `hbcast generate backbone --clusters 1 --nodes N`), with the backbone's
//                         capacity row.
//   replay/...            256 slices of 1 MiB on that 100-host cluster in SimGrid (a forked child per
//                         run: one engine per process): the multi-tree plan (multi_tree) beside its
//                         heaviest tree pipelined alone (single_tree, the anchor). Target < 10 s.
#include <hbcast/core/slice_interleaving.hpp>
#include <hbcast/model/broadcast_instance.hpp>
#include <hbcast/model/clustered_link_model.hpp>
#include <hbcast/model/random_platform_generator.hpp>
#include <hbcast/platform/exact_mode.hpp>
#include <hbcast/platform/loaded_platform.hpp>
#include <hbcast/platform_graph/multi_tree.hpp>
#include <hbcast/platform_graph/routed_topology.hpp>
#include <hbcast/platform_graph/steady_state_lp.hpp>
#include <hbcast/platform_graph/topology_cost_model.hpp>
#include <hbcast/replay/multi_tree_broadcast.hpp>
#include <hbcast/replay/replay_tree.hpp>

#include "child_measurement.hpp"
#include "measurement_engine.hpp"

#include <benchmark/benchmark.h>
#include <simgrid/s4u/Engine.hpp>

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>

namespace {

constexpr double kSliceBytes = 1e6;

// One cluster of `hosts` behind a SHARED backbone, as `hbcast generate backbone` writes it.
hbcast::LinkedCluster backbone_cluster(std::size_t hosts)
{
  hbcast::LinkedCluster cluster;
  cluster.hosts = hosts;
  cluster.host_bandwidth = 1.25e8;
  cluster.host_latency = 5e-5;
  cluster.backbone_bandwidth = 2.5e8;
  cluster.backbone_latency = 1e-4;
  return cluster;
}

// A one-port instance over `graph` from host 0 (the link model, when given, adds its capacity rows).
std::unique_ptr<hbcast::BroadcastInstance> instance_of(std::shared_ptr<hbcast::TopologyGraph> graph, double slice_bytes,
                                                       std::shared_ptr<const hbcast::LinkRouteModel> links = nullptr)
{
  std::vector<std::string> names;
  for (std::size_t u = 0; u < graph->size(); ++u)
    names.push_back("host-" + std::to_string(u));
  auto instance =
      std::make_unique<hbcast::BroadcastInstance>(std::make_shared<hbcast::TopologyCostModel>(*graph), names, slice_bytes);
  instance->set_topology(graph);
  if (links)
    instance->set_links(std::move(links));
  return instance;
}

std::shared_ptr<hbcast::TopologyGraph> random_graph(std::size_t nodes)
{
  hbcast::RandomPlatformParameters parameters;
  parameters.node_count = nodes;
  parameters.density = nodes <= 65 ? 0.1 : 8.0 / static_cast<double>(nodes);
  parameters.seed = 42;
  return std::make_shared<hbcast::TopologyGraph>(
      hbcast::TopologyGraph::from_platform_graph(hbcast::generate_random_platform(parameters)));
}

void report_plan(benchmark::State& state, const hbcast::ScheduleResult& plan)
{
  state.counters["trees"] = static_cast<double>(plan.weighted_trees.size());
  state.counters["TP_slices_per_s"] = plan.steady_state_optimum;
}

void BM_extraction_random(benchmark::State& state)
{
  const auto instance = instance_of(random_graph(static_cast<std::size_t>(state.range(0))), kSliceBytes);
  hbcast::ScheduleResult plan;
  for (auto _ : state)
    benchmark::DoNotOptimize(plan = hbcast::schedule_multi_tree(*instance, 0));
  report_plan(state, plan);
}

void BM_lp_random(benchmark::State& state)
{
  const auto graph = random_graph(static_cast<std::size_t>(state.range(0)));
  for (auto _ : state)
    benchmark::DoNotOptimize(hbcast::solve_steady_state_broadcast(*graph, 0, kSliceBytes));
}

void BM_extraction_backbone(benchmark::State& state)
{
  const auto links = std::make_shared<hbcast::ClusteredLinkModel>(
      std::vector<hbcast::LinkedCluster>{backbone_cluster(static_cast<std::size_t>(state.range(0)))});
  const auto topology = hbcast::build_routed_topology(*links, 0, hbcast::parse_routed_candidates("all"));
  const auto instance = instance_of(topology.graph, kSliceBytes, links);
  hbcast::ScheduleResult plan;
  for (auto _ : state)
    benchmark::DoNotOptimize(plan = hbcast::schedule_multi_tree(*instance, 0));
  report_plan(state, plan);
}

std::string write_backbone_platform(std::size_t hosts)
{
  const std::string path =
      std::filesystem::temp_directory_path() / ("hbcast-mt-bench-" + std::to_string(getpid()) + ".xml");
  std::ofstream(path) << "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
                         "<platform version=\"4.1\">\n  <cluster id=\"c0\" prefix=\"c0-\" suffix=\"\" radical=\"0-"
                      << hosts - 1
                      << "\" speed=\"1Gf\" bw=\"1.25e8Bps\" lat=\"5e-5s\" sharing_policy=\"SPLITDUPLEX\" "
                         "bb_bw=\"2.5e8Bps\" bb_lat=\"1e-4s\" bb_sharing_policy=\"SHARED\"/>\n</platform>\n";
  return path;
}

// In a forked child: the plan (not timed), then the platform load and the replay (timed).
// Returns the replay's wall time, or -1 when it failed.
double replay_child(const std::string& platform_file, bool whole_plan)
{
  double seconds = -1.0;
  try {
    constexpr std::size_t kHosts = 100, kSlices = 256;
    const double slice_bytes = 1048576.0;
    const auto links = std::make_shared<hbcast::ClusteredLinkModel>(
        std::vector<hbcast::LinkedCluster>{backbone_cluster(kHosts)});
    const auto topology = hbcast::build_routed_topology(*links, 0, hbcast::parse_routed_candidates("all"));
    const auto plan = hbcast::schedule_multi_tree(*instance_of(topology.graph, slice_bytes, links), 0);
    auto& engine = hbcast::bench::measurement_engine("multi_tree_bench", "critical");
    const auto start = std::chrono::steady_clock::now();
    const auto platform = hbcast::LoadedPlatform::load(engine, platform_file);
    const hbcast::ReplayOptions options{slice_bytes * kSlices, kSlices, hbcast::PortModel::one_port, "bench"};
    if (whole_plan) {
      std::vector<hbcast::BroadcastTree> trees;
      std::vector<double> weights;
      for (const auto& [weight, tree] : plan.weighted_trees) {
        trees.push_back(tree);
        weights.push_back(weight);
      }
      hbcast::replay_multi_tree(engine, trees, hbcast::interleave_trees(weights, kSlices), platform.hosts(), options);
    } else {
      hbcast::replay_tree(engine, plan.tree, platform.hosts(), options);
    }
    seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  } catch (const std::exception& error) {
    std::fprintf(stderr, "child: %s\n", error.what());
  }
  return seconds;
}

void BM_replay(benchmark::State& state, bool whole_plan)
{
  const std::string platform_file = write_backbone_platform(100);
  for (auto _ : state) {
    const auto measured =
        hbcast::bench::measure_in_child<double>([&] { return replay_child(platform_file, whole_plan); });
    const double seconds = measured.report;
    if (!measured.reported || seconds < 0.0) {
      state.SkipWithError("the replay child failed");
      break;
    }
    state.SetIterationTime(seconds);
  }
  std::filesystem::remove(platform_file);
}

}  // namespace

BENCHMARK(BM_extraction_random)->Name("extraction/random")->Arg(65)->Arg(200)->Arg(500)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_lp_random)->Name("lp/random")->Arg(65)->Arg(200)->Arg(500)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_extraction_backbone)->Name("extraction/backbone")->Arg(32)->Arg(100)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_replay, multi_tree, true)->Name("replay/multi_tree:100")->UseManualTime()->Iterations(3)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_replay, single_tree, false)->Name("replay/single_tree:100")->UseManualTime()->Iterations(3)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
