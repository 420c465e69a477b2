// Building the platform models (pairwise routes, latency grouping, sender-only t_u) exhaustively,
// probing every host pair through SimGrid into a hash map, against the zone-block way
// (PlatformCostModel with uniform_zone_blocks, then the block rules), side by side on the same
// platforms: `hbcast generate multisite` shapes and a crossbar <cluster>. SimGrid allows one engine
// per process, so every measurement forks a child that loads the platform (not timed), builds the
// models (timed: CPU time, as the machine is shared; wall time as a counter) and reports through a
// pipe.
#include <hbcast/model/latency_clustering.hpp>
#include <hbcast/model/multisite_platform_generator.hpp>
#include <hbcast/model/sender_only_model.hpp>
#include <hbcast/platform/exact_mode.hpp>
#include <hbcast/platform/loaded_platform.hpp>
#include <hbcast/platform/multisite_xml_writer.hpp>
#include <hbcast/platform/platform_cost_model.hpp>

#include "child_measurement.hpp"
#include "measurement_engine.hpp"

#include <benchmark/benchmark.h>
#include <simgrid/s4u/Engine.hpp>

#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <ctime>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <unordered_map>

namespace sg4 = simgrid::s4u;
using namespace hbcast;

namespace {

enum class Method { exhaustive, structured };

// The models before zone blocks: every pair probed on first use (all of them up front up to 1024
// hosts) and kept in an unbounded hash map; the exhaustive grouping, sampled medians.
class ProbeEveryPair final : public CostModel {
public:
  explicit ProbeEveryPair(const LoadedPlatform& platform) : hosts_(platform.hosts())
  {
    if (hosts_.size() <= PlatformCostModel::kEagerCheckLimit)
      for (NodeId u = 0; u < hosts_.size(); ++u)
        for (NodeId v = 0; v < hosts_.size(); ++v)
          if (u != v)
            route(u, v);
  }
  std::size_t size() const override { return hosts_.size(); }
  double latency(NodeId from, NodeId to) const override { return route(from, to).latency; }
  double inverse_bandwidth(NodeId from, NodeId to) const override { return 1.0 / route(from, to).bandwidth; }

private:
  const RouteCost& route(NodeId from, NodeId to) const
  {
    const std::uint64_t key = static_cast<std::uint64_t>(from) * hosts_.size() + to;
    auto it = routes_.find(key);
    if (it == routes_.end())
      it = routes_.emplace(key, probe_route(hosts_[from], hosts_[to])).first;
    return it->second;
  }
  std::vector<sg4::Host*> hosts_;
  mutable std::unordered_map<std::uint64_t, RouteCost> routes_;
};

struct ChildReport {
  double seconds = 0.0;       // CPU time of the model building (the machine may be shared)
  double wall_seconds = 0.0;
  std::size_t clusters = 0;
  long peak_rss_kib = 0;
  char error[200] = "";
};

std::string write_platform(std::int64_t shape)
{
  const std::string path =
      std::filesystem::temp_directory_path() / ("hbcast-model-bench-" + std::to_string(getpid()) + ".xml");
  std::ofstream out(path);
  if (shape < 0) {  // a crossbar cluster of -shape hosts
    out << "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
           "<platform version=\"4.1\">\n  <cluster id=\"crossbar\" prefix=\"host-\" suffix=\"\" radical=\"0-"
        << -shape - 1 << "\" speed=\"1Gf\" bw=\"1.25GBps\" lat=\"10us\"/>\n</platform>\n";
    return path;
  }
  MultisitePlatformParameters p;  // 5 sites x 4 clusters x shape / 20 hosts
  p.sites = 5;
  p.clusters_per_site = 4;
  p.nodes_per_cluster = static_cast<std::size_t>(shape) / 20;
  write_multisite_xml(out, generate_multisite_platform(p));
  return path;
}

double cpu_seconds()
{
  timespec now{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + 1e-9 * static_cast<double>(now.tv_nsec);
}

ChildReport build_models(const std::string& path, Method method)
{
  ChildReport report;
  try {
    auto& engine = hbcast::bench::measurement_engine("model_build_bench", "critical");
    const LoadedPlatform platform = LoadedPlatform::load(engine, path);
    const auto start = std::chrono::steady_clock::now();
    const double cpu_start = cpu_seconds();
    if (method == Method::exhaustive) {
      const ProbeEveryPair costs(platform);
      report.clusters = cluster_by_latency(costs, kLowekampTolerance).clusters.size();
      benchmark::DoNotOptimize(SenderOnlyModel::from_pairwise(costs));
    } else {
      const PlatformCostModel costs(platform);
      report.clusters = cluster_by_latency(costs, kLowekampTolerance).clusters.size();
      benchmark::DoNotOptimize(SenderOnlyModel::from_pairwise(costs));
    }
    report.seconds = cpu_seconds() - cpu_start;
    report.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  } catch (const std::exception& error) {
    std::snprintf(report.error, sizeof report.error, "%s", error.what());
  }
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  report.peak_rss_kib = usage.ru_maxrss;
  return report;  // the child then _exits: no engine teardown
}

ChildReport measure(const std::string& path, Method method)
{
  auto measured = hbcast::bench::measure_in_child<ChildReport>([&] { return build_models(path, method); });
  if (!measured.reported)
    std::snprintf(measured.report.error, sizeof measured.report.error, "%s", measured.failure.c_str());
  return measured.report;
}

// range(0): hosts of a multisite platform (5 sites x 4 clusters), or minus the hosts of a crossbar.
void model_build(benchmark::State& state, Method method)
{
  const std::string path = write_platform(state.range(0));
  ChildReport report;
  for (auto _ : state) {
    report = measure(path, method);
    if (report.error[0] != '\0') {
      state.SkipWithError(report.error);
      break;
    }
    state.SetIterationTime(report.seconds);
  }
  std::filesystem::remove(path);
  state.counters["clusters"] = static_cast<double>(report.clusters);
  state.counters["wall_s"] = report.wall_seconds;
  state.counters["peak_rss_MB"] = static_cast<double>(report.peak_rss_kib) / 1024.0;
}

void exhaustive(benchmark::State& state) { model_build(state, Method::exhaustive); }
void structured(benchmark::State& state) { model_build(state, Method::structured); }

}  // namespace

BENCHMARK(exhaustive)->Arg(1000)->Arg(2000)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(structured)
    ->Arg(1000)
    ->Arg(2000)
    ->Arg(5000)
    ->Arg(-4096)
    ->Arg(-65536)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);

BENCHMARK_MAIN();
