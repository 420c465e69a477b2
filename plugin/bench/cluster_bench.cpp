// Benchmarks of the Khuller-Kim-Wan schedulers (hbcast_core only) at 10^2..10^5 clusters. Cluster sizes
// follow Appendix B (Zipf theta = 0 over 1..100, about 19 nodes per cluster, so 1.9 million nodes
// at 10^5 clusters), C = 100. Each scheduler builds its full timed list of transfers (N - 1 of
// them for a broadcast). items/s counts nodes. The checker and the lower bounds are timed too.
#include <hbcast/cluster/bounded_degree_broadcast.hpp>
#include <hbcast/cluster/bounded_degree_multicast.hpp>
#include <hbcast/cluster/bounded_matching_broadcast.hpp>
#include <hbcast/cluster/bounded_matching_multicast.hpp>
#include <hbcast/cluster/cluster_size_generator.hpp>
#include <hbcast/cluster/interleaved_lcf.hpp>
#include <hbcast/cluster/lcf.hpp>
#include <hbcast/cluster/lcf_m.hpp>
#include <hbcast/cluster/lcf_multicast.hpp>
#include <hbcast/cluster/lcf_no_idle.hpp>
#include <hbcast/cluster/lower_bounds.hpp>
#include <hbcast/cluster/postal_lcf.hpp>
#include <hbcast/cluster/schedule_checker.hpp>

#include <benchmark/benchmark.h>

namespace {

using namespace hbcast;

// Every option set: degree limits ceil(n_i / 4), half of each cluster in the multicast group,
// B = k / 10 (at least 1).
ClusterInstance bench_instance(std::size_t clusters)
{
  ClusterInstance instance = cluster_instance(zipf_cluster_sizes(clusters, 100, 0.0, 42), 100);
  for (auto size : instance.sizes) {
    instance.degree_limits.push_back((size + 3) / 4);
    instance.multicast_counts.push_back(size / 2);
  }
  instance.matching_bound = std::max<std::size_t>(1, clusters / 10);
  return instance;
}

// The instance without multicast counts.
ClusterInstance broadcast_of(const ClusterInstance& instance)
{
  return with_only(instance, ClusterOptions::degree_limits | ClusterOptions::matching_bound);
}

void sizes(benchmark::internal::Benchmark* bench)
{
  bench->RangeMultiplier(10)->Range(100, 100000)->Unit(benchmark::kMillisecond);
}

template <class Scheduler>
void run(benchmark::State& state, bool multicast, bool postal, Scheduler scheduler)
{
  ClusterInstance instance = bench_instance(static_cast<std::size_t>(state.range(0)));
  if (!multicast)
    instance = broadcast_of(instance);
  instance.postal = postal;
  for (auto _ : state) {
    auto schedule = scheduler(instance);
    benchmark::DoNotOptimize(schedule.transfers.data());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * instance.node_count()));
}

void BM_lcf(benchmark::State& s) { run(s, false, false, schedule_lcf); }
void BM_lcf_no_idle(benchmark::State& s) { run(s, false, false, schedule_lcf_no_idle); }
void BM_lcf_m_half(benchmark::State& s)
{
  run(s, false, false, [](const auto& i) { return schedule_lcf_m(i, i.node_count() / 2); });
}
void BM_lcf_multicast(benchmark::State& s) { run(s, true, false, schedule_lcf_multicast); }
void BM_bounded_degree_broadcast(benchmark::State& s) { run(s, false, false, schedule_bounded_degree_broadcast); }
void BM_bounded_degree_multicast(benchmark::State& s) { run(s, true, false, schedule_bounded_degree_multicast); }
void BM_bounded_matching_broadcast(benchmark::State& s) { run(s, false, false, schedule_bounded_matching_broadcast); }
void BM_bounded_matching_multicast(benchmark::State& s) { run(s, true, false, schedule_bounded_matching_multicast); }
void BM_postal_lcf(benchmark::State& s) { run(s, false, true, schedule_postal_lcf); }
void BM_interleaved_lcf(benchmark::State& s) { run(s, false, true, schedule_interleaved_lcf); }

void BM_check_lcf_schedule(benchmark::State& state)
{
  // Plain LCF: no option.
  const ClusterInstance instance =
      with_only(bench_instance(static_cast<std::size_t>(state.range(0))), ClusterOptions::none);
  const auto schedule = schedule_lcf(instance);
  for (auto _ : state)
    benchmark::DoNotOptimize(check_schedule(instance, schedule).broadcast_time);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * instance.node_count()));
}

void BM_lower_bounds(benchmark::State& state)
{
  ClusterInstance instance = broadcast_of(bench_instance(static_cast<std::size_t>(state.range(0))));
  for (auto _ : state) {
    benchmark::DoNotOptimize(broadcast_lower_bounds(instance).best());
    instance.postal = true;
    benchmark::DoNotOptimize(postal_lower_bound(instance));
    instance.postal = false;
  }
}

}  // namespace

BENCHMARK(BM_lcf)->Apply(sizes);
BENCHMARK(BM_lcf_no_idle)->Apply(sizes);
BENCHMARK(BM_lcf_m_half)->Apply(sizes);
BENCHMARK(BM_lcf_multicast)->Apply(sizes);
BENCHMARK(BM_bounded_degree_broadcast)->Apply(sizes);
BENCHMARK(BM_bounded_degree_multicast)->Apply(sizes);
BENCHMARK(BM_bounded_matching_broadcast)->Apply(sizes);
BENCHMARK(BM_bounded_matching_multicast)->Apply(sizes);
BENCHMARK(BM_postal_lcf)->Apply(sizes);
BENCHMARK(BM_interleaved_lcf)->Apply(sizes);
BENCHMARK(BM_check_lcf_schedule)->Apply(sizes);
BENCHMARK(BM_lower_bounds)->Apply(sizes);

BENCHMARK_MAIN();
