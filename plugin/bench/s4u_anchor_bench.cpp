// The anchor: a minimal hand-written s4u broadcast, one actor per host receiving from
// and putting to mailboxes along the same binomial tree, against hbcast's replay of that tree:
// broadcast/hbcast is what users get (ReplayDriver::automatic: events up to
// kEventDrivenInFlightLimit transfers in flight, couriers above), hbcast_events, hbcast_couriers
// and hbcast_actor_per_host force one driver. Atomic one-port binomial tree, 1 MB, crossbar <cluster>
// generated here. SimGrid allows one engine per process, so every measurement forks a child that
// loads the platform, broadcasts once and _exits (no engine teardown on either side); the child
// reports its wall time (platform load + broadcast) through a pipe, and the parent reads its peak
// RSS with wait4().
//
// Same SimGrid settings on every side, those `hbcast simulate` uses above 20,000 hosts: exact mode
// (CM02), contexts/guard-size:0 (SimGrid runs out of memory maps near 30,000 actors otherwise) and
// contexts/stack-size:32 (KiB). The event-driven replay creates no actor, so the context settings
// do not touch it. 10^3 to 10^5 hosts; --with_million adds 10^6 for hbcast and the anchor.
#include <hbcast/core/binomial_tree.hpp>
#include <hbcast/platform/exact_mode.hpp>
#include <hbcast/platform/loaded_platform.hpp>
#include <hbcast/replay/replay_tree.hpp>

#include "child_measurement.hpp"
#include "measurement_engine.hpp"

#include <benchmark/benchmark.h>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Mailbox.hpp>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <cstring>
#include <string>
#include <utility>

namespace sg4 = simgrid::s4u;

namespace {

constexpr double kMessageBytes = 1e6;

enum class Variant { hbcast, hbcast_events, hbcast_couriers, hbcast_actors, anchor };

// Plain data, smaller than PIPE_BUF, so one write() delivers it whole.
struct ChildReport {
  double wall_seconds = 0.0;
  double makespan = 0.0;
  char error[256] = "";
};

using Measurement = hbcast::bench::ChildMeasurement<ChildReport>;

// A crossbar: a <cluster> without backbone, so no two transfers of the broadcast share a link.
std::string write_platform(std::size_t hosts)
{
  const std::string path = std::filesystem::temp_directory_path() /
                           ("hbcast-bench-" + std::to_string(getpid()) + "-" + std::to_string(hosts) + ".xml");
  std::ofstream(path) << "<?xml version='1.0'?>\n"
                         "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
                         "<platform version=\"4.1\">\n"
                         "  <cluster id=\"crossbar\" prefix=\"host-\" suffix=\"\" radical=\"0-"
                      << hosts - 1
                      << "\" speed=\"1Gf\" bw=\"1.25GBps\" lat=\"10us\" sharing_policy=\"SPLITDUPLEX\"/>\n"
                         "</platform>\n";
  return path;
}

// The anchor: one actor per host that receives once (but the root), then puts to its children in
// order. Returns the simulated end time, which is the makespan since everything starts at 0.
double run_anchor(sg4::Engine& engine, const hbcast::BroadcastTree& tree, const std::vector<sg4::Host*>& hosts)
{
  static int payload = 0;  // only the simulated size matters
  std::vector<sg4::Mailbox*> boxes;
  for (hbcast::NodeId node = 0; node < tree.size(); ++node)
    boxes.push_back(sg4::Mailbox::by_name("anchor/" + std::to_string(node)));
  for (hbcast::NodeId node = 0; node < tree.size(); ++node)
    sg4::Actor::create("anchor:" + std::to_string(node), hosts[node], [&tree, &boxes, node] {
      if (node != tree.root())
        boxes[node]->get<int>();
      for (hbcast::NodeId child : tree.children(node))
        boxes[child]->put(&payload, static_cast<uint64_t>(kMessageBytes));
    });
  engine.run();
  return sg4::Engine::get_clock();
}

double run_hbcast(sg4::Engine& engine, const hbcast::BroadcastTree& tree, const std::vector<sg4::Host*>& hosts,
                  hbcast::ReplayDriver driver)
{
  return hbcast::replay_tree(engine, tree, hosts, {kMessageBytes, 1, hbcast::PortModel::one_port, "bench", driver})
      .makespan;
}

// Runs in the forked child, which then _exits: no engine teardown (on every side alike).
ChildReport child_main(Variant variant, const std::string& platform_file, std::size_t n)
{
  ChildReport report;
  try {
    auto* engine = &hbcast::bench::measurement_engine("s4u_anchor_bench", "warning");
    for (const char* config : {"contexts/guard-size:0", "contexts/stack-size:32"})
      sg4::Engine::set_config(config);
    const hbcast::BroadcastTree tree = hbcast::binomial_tree(n, 0);  // input of every variant, not timed
    const auto start = std::chrono::steady_clock::now();
    const auto platform = hbcast::LoadedPlatform::load(*engine, platform_file);
    const auto driver = variant == Variant::hbcast_actors   ? hbcast::ReplayDriver::actor_per_host
                        : variant == Variant::hbcast_events   ? hbcast::ReplayDriver::events
                        : variant == Variant::hbcast_couriers ? hbcast::ReplayDriver::couriers
                                                              : hbcast::ReplayDriver::automatic;
    report.makespan = variant == Variant::anchor ? run_anchor(*engine, tree, platform.hosts())
                                                 : run_hbcast(*engine, tree, platform.hosts(), driver);
    report.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  } catch (const std::exception& error) {
    std::snprintf(report.error, sizeof report.error, "child: %s", error.what());
  }
  return report;
}

Measurement measure(Variant variant, const std::string& platform_file, std::size_t n)
{
  Measurement measurement =
      hbcast::bench::measure_in_child<ChildReport>([&] { return child_main(variant, platform_file, n); });
  if (!measurement.reported)
    std::snprintf(measurement.report.error, sizeof measurement.report.error, "%s", measurement.failure.c_str());
  return measurement;
}

// Closed form of the atomic binomial broadcast on the crossbar: floor(log2 n) + 1 rounds (a
// last round for ranks >= 2^floor(log2 n) when n is not a power of two), each 2 x 10 us + 1 MB /
// 1.25 GB/s. Every variant must simulate it.
double closed_form_makespan(std::size_t n)
{
  const auto rounds = static_cast<double>(std::ceil(std::log2(static_cast<double>(n))));
  return rounds * (2 * 10e-6 + kMessageBytes / 1.25e9);
}

void BM_broadcast(benchmark::State& state, Variant variant)
{
  const auto n = static_cast<std::size_t>(state.range(0));
  const std::string platform_file = write_platform(n);
  Measurement last;
  double process_seconds = 0.0;
  long peak_rss_kib = 0;
  for (auto _ : state) {
    last = measure(variant, platform_file, n);
    if (last.report.error[0] != '\0') {
      state.SkipWithError(last.report.error);
      break;
    }
    state.SetIterationTime(last.report.wall_seconds);
    process_seconds += last.process_seconds;
    peak_rss_kib = std::max(peak_rss_kib, last.peak_rss_kib);
    const double expected = closed_form_makespan(n);
    if (std::abs(last.report.makespan - expected) > 1e-9 * expected) {
      const std::string message = "makespan " + std::to_string(last.report.makespan) + " s, closed form " +
                                  std::to_string(expected) + " s";
      state.SkipWithError(message.c_str());
      break;
    }
  }
  std::filesystem::remove(platform_file);
  state.counters["peak_rss_MB"] = static_cast<double>(peak_rss_kib) / 1024.0;
  state.counters["process_s"] = benchmark::Counter(process_seconds, benchmark::Counter::kAvgIterations);
  state.counters["makespan_s"] = last.report.makespan;
}

// --with_million (left by benchmark::Initialize): also 10^6 hosts, for hbcast and the anchor only.
bool take_million_flag(int& argc, char** argv)
{
  bool found = false;
  int kept = 1;
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], "--with_million") == 0)
      found = true;
    else
      argv[kept++] = argv[i];
  argc = kept;
  return found;
}

}  // namespace

int main(int argc, char** argv)
{
  benchmark::Initialize(&argc, argv);
  const bool with_million = take_million_flag(argc, argv);
  // Registered by size, then variant, so that each group sits side by side in the table.
  for (const long n : {1000L, 10000L, 100000L, 1000000L})
    for (const auto& [name, variant] : {std::pair{"broadcast/hbcast", Variant::hbcast},
                                        std::pair{"broadcast/hbcast_events", Variant::hbcast_events},
                                        std::pair{"broadcast/hbcast_couriers", Variant::hbcast_couriers},
                                        std::pair{"broadcast/hbcast_actor_per_host", Variant::hbcast_actors},
                                        std::pair{"broadcast/s4u_anchor", Variant::anchor}})
      if (n < 1000000 || (with_million && (variant == Variant::hbcast || variant == Variant::anchor)))
        benchmark::RegisterBenchmark(name, BM_broadcast, variant)
          ->Arg(n)
          ->Iterations(n < 100000 ? 3 : 1)
          ->UseManualTime()
          ->Unit(benchmark::kMillisecond);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
}
