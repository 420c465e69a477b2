// Barchet-Steffenel-Mounié's inter-cluster heuristics: each at 10, 50, 200 and 1000 clusters on a random Table 2
// instance, and the whole Figs. 1-4 reproduction (10,000 instances x 2..50 clusters x every grid
// heuristic, hit rates included, drawn as the grid-heuristics validation case does but without the
// optimum) on one core.
#include <hbcast/grid/grid_heuristic_registry.hpp>
#include <hbcast/grid/grid_heuristic_statistics.hpp>
#include <hbcast/grid/table2_instance_generator.hpp>

#include <benchmark/benchmark.h>

namespace {

using namespace hbcast;

void heuristic_at(benchmark::State& state, const GridHeuristic* heuristic)
{
  std::mt19937_64 rng(42);
  const GridInstance instance = random_table2_instance(static_cast<std::size_t>(state.range(0)), rng);
  for (auto _ : state)
    benchmark::DoNotOptimize(heuristic->schedule(instance).makespan);
  state.counters["clusters"] = static_cast<double>(state.range(0));
}

// Every instance of every count, every heuristic, the minimum and the hit counts (no optimum);
// the counts and seed of validation/cases/grid_heuristics_simulation.yaml.
void figures_1_to_4(benchmark::State& state)
{
  const auto instances = static_cast<std::size_t>(state.range(0));
  const std::size_t min_clusters = 2, max_clusters = 50, seed = 3;
  for (auto _ : state) {
    std::size_t hits = 0;
    const GridStatisticsTable table =
        measure_grid_heuristics_over(min_clusters, max_clusters, instances, seed, 0, GridCompletion::release);
    for (const auto& entry : table)
      for (std::size_t count : entry.second.hits)
        hits += count;
    benchmark::DoNotOptimize(hits);
  }
  const std::size_t counts = max_clusters - min_clusters + 1;
  state.counters["schedules"] = static_cast<double>(instances * counts * grid_heuristics().size());
}

const bool registered = [] {
  for (const auto& heuristic : grid_heuristics())
    benchmark::RegisterBenchmark(("grid/" + heuristic.name).c_str(), heuristic_at, &heuristic)
        ->Arg(10)
        ->Arg(50)
        ->Arg(200)
        ->Arg(1000)
        ->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark("grid/figures_1_to_4", figures_1_to_4)
      ->Arg(10000)
      ->Iterations(1)
      ->Unit(benchmark::kSecond);
  return true;
}();

}  // namespace

BENCHMARK_MAIN();
