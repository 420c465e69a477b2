// The Khuller-Kim-Woeginger PTAS (time against n and eps') and FNF multicast (10^3..10^6 processors).
// PTAS instances: times uniform in [1, 10) (every slow processor its own class: the PTAS's worst
// family) or 3 speed classes {1, 3, 7} (Liu's setting); source 0 is made a fastest processor.
// Requests the PTAS refuses (estimate over PtasParameters::kDefaultMaxWork) are skipped with the
// estimate in the error message. Multicast: a group of 1000 members (or 10% of the processors)
// among uniform [1, 10) processors; items/s counts processors.
#include <hbcast/model/sender_only_instances.hpp>
#include <hbcast/sender_only/fnf_multicast.hpp>
#include <hbcast/sender_only/sender_only_ptas.hpp>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

namespace {

std::vector<double> instance_times(std::size_t n, bool three_classes)
{
  auto times = three_classes ? hbcast::random_class_times(n, {1.0, 3.0, 7.0}, 42)
                             : hbcast::uniform_random_times(n, 1.0, 10.0, 42);
  times[0] = *std::min_element(times.begin(), times.end());
  return times;
}

void BM_ptas(benchmark::State& state, bool three_classes)
{
  const auto times = instance_times(static_cast<std::size_t>(state.range(0)), three_classes);
  const hbcast::PtasParameters parameters{0.1, static_cast<double>(state.range(1)) / 100.0};
  const double work = hbcast::sender_only_ptas_work(times, 0, parameters);
  if (work > parameters.max_work) {
    state.SkipWithError(("refused: estimate " + std::to_string(work) + " steps").c_str());
    return;
  }
  double makespan = 0.0;
  for (auto _ : state)
    makespan = hbcast::sender_only_ptas(times, 0, parameters).makespan;
  state.counters["work_estimate"] = work;
  state.counters["makespan"] = makespan;
}

void ptas_arguments(benchmark::internal::Benchmark* b)
{
  for (int n : {8, 16, 32, 64, 128})
    for (int epsilon_prime : {100, 50, 30, 20, 10})
      b->Args({n, epsilon_prime});
  b->ArgNames({"n", "eps'x100"})->Unit(benchmark::kMillisecond);
}

std::vector<hbcast::NodeId> group(std::size_t n, std::size_t size)
{
  std::mt19937_64 rng(7);
  std::vector<hbcast::NodeId> all(n - 1);
  for (std::size_t v = 1; v < n; ++v)
    all[v - 1] = v;
  hbcast::portable_shuffle(all.begin(), all.end(), rng);
  all.resize(std::min(size, all.size()));
  return all;
}

void BM_fnf_multicast(benchmark::State& state, bool tenth)
{
  const auto n = static_cast<std::size_t>(state.range(0));
  const auto times = instance_times(n, false);
  const auto members = group(n, tenth ? n / 10 : 1000);
  std::size_t recruited = 0;
  for (auto _ : state)
    recruited = hbcast::fnf_multicast(times, 0, members).recruited.size();
  state.counters["recruited"] = static_cast<double>(recruited);
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(n));
}

void BM_fnf_multicast_fixed_k(benchmark::State& state)
{
  const auto n = static_cast<std::size_t>(state.range(0));
  const auto times = instance_times(n, false);
  const auto members = group(n, n / 10);
  for (auto _ : state)
    benchmark::DoNotOptimize(hbcast::fnf_multicast_with_recruits(times, 0, members, n / 2));
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(n));
}

}  // namespace

BENCHMARK_CAPTURE(BM_ptas, uniform, false)->Apply(ptas_arguments);
BENCHMARK_CAPTURE(BM_ptas, three_classes, true)->Apply(ptas_arguments);
BENCHMARK_CAPTURE(BM_fnf_multicast, group_of_1000, false)
    ->RangeMultiplier(10)->Range(1000, 1000000)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_fnf_multicast, tenth, true)->RangeMultiplier(10)->Range(1000, 100000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_fnf_multicast_fixed_k)->RangeMultiplier(10)->Range(1000, 1000000)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
