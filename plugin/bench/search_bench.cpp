// The sender-only optimal search (Liu, section 5) at P = 10..30 processors: 50 random
// 3-class clusters per P (times 1, 2, 3, Liu's Table 1 setup), any source. Time per cluster and
// nodes examined per cluster, for our search (Liu's techniques + the fastest-remaining bound),
// Liu's FNF-guided search as published, and the generic branch-and-bound (up to P = 16: beyond,
// minutes). Liu's anchor: 27,418 nodes and 0.43 s at P = 21 on a 450 MHz Pentium III.
#include <hbcast/model/sender_only_instances.hpp>
#include <hbcast/sender_only/sender_only_search.hpp>

#include <benchmark/benchmark.h>

namespace {

constexpr std::size_t kClusters = 50;

std::vector<std::vector<double>> clusters_of(std::size_t processors)
{
  std::vector<std::vector<double>> clusters;
  for (std::size_t k = 0; k < kClusters; ++k)
    clusters.push_back(hbcast::random_class_times(processors, {1.0, 2.0, 3.0}, 1000 * processors + k));
  return clusters;
}

void BM_search(benchmark::State& state, hbcast::SenderOnlySearchOptions options)
{
  const auto clusters = clusters_of(static_cast<std::size_t>(state.range(0)));
  double nodes = 0.0, unproven = 0.0;
  for (auto _ : state)
    for (const auto& times : clusters) {
      const auto result = hbcast::search_optimal_broadcast(times, std::nullopt, options);
      nodes += static_cast<double>(result.nodes_examined);
      unproven += result.proven_optimal ? 0.0 : 1.0;
    }
  const double solved = static_cast<double>(state.iterations() * kClusters);
  state.counters["nodes_per_cluster"] = nodes / solved;
  state.counters["unproven"] = unproven;
  state.counters["clusters_per_second"] = benchmark::Counter(solved, benchmark::Counter::kIsRate);
}

void processor_counts(benchmark::internal::Benchmark* bench, int last)
{
  for (int p = 10; p <= last; p += p < 21 ? 1 : 3)
    bench->Arg(p);
  bench->Unit(benchmark::kMillisecond);
}

BENCHMARK_CAPTURE(BM_search, ours, hbcast::SenderOnlySearchOptions{})->Apply([](auto* b) { processor_counts(b, 30); });
BENCHMARK_CAPTURE(BM_search, liu, hbcast::liu_search_options())->Apply([](auto* b) { processor_counts(b, 30); });
BENCHMARK_CAPTURE(BM_search, generic, hbcast::generic_search_options())->Apply([](auto* b) { processor_counts(b, 16); });

}  // namespace

BENCHMARK_MAIN();
