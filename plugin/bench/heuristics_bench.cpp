// Time of every Beaumont-Marchal-Robert platform-graph heuristic (the LP ones include their LP solve) on the
// random platforms of Table 2 at 30, 65, 200 and 500 nodes. Density 0.1 at 30 and 65 nodes (as
// the paper's Table 2 range); at 200 and 500, density 8 / n (mean degree about 8), since a fixed
// density would give hundreds of links per node.
#include <hbcast/model/broadcast_instance.hpp>
#include <hbcast/model/random_platform_generator.hpp>
#include <hbcast/platform_graph/topology_cost_model.hpp>
#include <hbcast/sched/scheduler_registry.hpp>

#include <benchmark/benchmark.h>

#include <memory>

namespace {

constexpr double kSliceBytes = 1e6;

std::unique_ptr<hbcast::BroadcastInstance> instance_of(std::size_t nodes)
{
  hbcast::RandomPlatformParameters parameters;
  parameters.node_count = nodes;
  parameters.density = nodes <= 65 ? 0.1 : 8.0 / static_cast<double>(nodes);
  parameters.seed = 42;
  auto graph = std::make_shared<hbcast::TopologyGraph>(
      hbcast::TopologyGraph::from_platform_graph(hbcast::generate_random_platform(parameters)));
  auto costs = std::make_shared<hbcast::TopologyCostModel>(*graph);
  auto instance = std::make_unique<hbcast::BroadcastInstance>(costs, hbcast::numbered_host_names(nodes), kSliceBytes);
  instance->set_topology(graph);
  return instance;
}

void BM_heuristic(benchmark::State& state, const hbcast::SchedulerInfo* scheduler)
{
  const auto instance = instance_of(static_cast<std::size_t>(state.range(0)));
  for (auto _ : state)
    benchmark::DoNotOptimize(scheduler->build(*instance, 0));
  state.counters["links"] = static_cast<double>(instance->topology("bench").link_count());
}

const bool registered = [] {
  // The named-only entries are plans, not trees (multi-tree and its forms: multi_tree_bench) or
  // choose among other schedulers' plans in simulate (best): they are not heuristics to time here.
  for (const auto& scheduler : hbcast::scheduler_registry())
    if (scheduler.needs_platform_graph && !scheduler.named_only)
      benchmark::RegisterBenchmark(("heuristic/" + scheduler.name).c_str(), BM_heuristic, &scheduler)
          ->Arg(30)
          ->Arg(65)
          ->Arg(200)
          ->Arg(500)
          ->Unit(benchmark::kMillisecond);
  return true;
}();

}  // namespace

BENCHMARK_MAIN();
