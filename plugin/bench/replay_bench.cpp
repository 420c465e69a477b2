// hbcast's replay API against a minimal hand-written s4u program broadcasting the same tree: atomic
// one-port binomial tree, 1 MB, on a crossbar cluster. SimGrid allows one engine per process, so
// every measurement forks a child that creates the engine, runs one broadcast and reports back
// through a pipe its wall time (platform load + run) and its peak RSS.
#include <hbcast/core/binomial_tree.hpp>
#include <hbcast/platform/exact_mode.hpp>
#include <hbcast/platform/loaded_platform.hpp>
#include <hbcast/replay/replay_tree.hpp>

#include <benchmark/benchmark.h>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Mailbox.hpp>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <utility>

namespace sg4 = simgrid::s4u;

namespace {

constexpr double kMessageBytes = 1e6;

enum class Variant { hbcast, hand_written };

// Plain data, smaller than PIPE_BUF, so one write() delivers it whole.
struct ChildReport {
  double wall_seconds = 0.0;
  double makespan = 0.0;
  long peak_rss_kib = 0;
  char error[256] = "";
};

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

// The baseline: one actor per host that receives once (but the root), then puts to its children in
// order. Returns the simulated end time, which is the makespan since everything starts at 0.
double run_hand_written(sg4::Engine& engine, const hbcast::BroadcastTree& tree, const std::vector<sg4::Host*>& hosts)
{
  static int payload = 0;  // only the simulated size matters
  std::vector<sg4::Mailbox*> boxes;
  for (hbcast::NodeId node = 0; node < tree.size(); ++node)
    boxes.push_back(sg4::Mailbox::by_name("hand/" + std::to_string(node)));
  for (hbcast::NodeId node = 0; node < tree.size(); ++node)
    sg4::Actor::create("hand:" + std::to_string(node), hosts[node], [&tree, &boxes, node] {
      if (node != tree.root())
        boxes[node]->get<int>();
      for (hbcast::NodeId child : tree.children(node))
        boxes[child]->put(&payload, static_cast<uint64_t>(kMessageBytes));
    });
  engine.run();
  return sg4::Engine::get_clock();
}

// Runs in the forked child and never returns: _exit skips the engine's teardown (slow at 10^5
// hosts, and useless) and the parent's atexit handlers and stdio buffers.
[[noreturn]] void child_main(Variant variant, const std::string& platform_file, std::size_t n, int out_fd)
{
  ChildReport report;
  try {
    int argc = 2;
    char arg0[] = "replay_bench";
    char arg1[] = "--log=root.thresh:warning";  // keeps the config-change banners out of the tables
    char* argv[] = {arg0, arg1, nullptr};
    sg4::Engine engine(&argc, argv);
    // Exact lat + size/bw transfers; guard-size:0 because SimGrid fails near 30,000 actors otherwise.
    hbcast::set_exact_mode(engine);
    for (const char* config : {"contexts/guard-size:0", "contexts/stack-size:128"})
      sg4::Engine::set_config(config);
    const hbcast::BroadcastTree tree = hbcast::binomial_tree(n, 0);  // input of both variants, not timed
    const auto start = std::chrono::steady_clock::now();
    const auto platform = hbcast::LoadedPlatform::load(engine, platform_file);
    if (variant == Variant::hbcast)
      report.makespan = hbcast::replay_tree(engine, tree, platform.hosts(),
                                            {kMessageBytes, 1, hbcast::PortModel::one_port, "bench"})
                            .makespan;
    else
      report.makespan = run_hand_written(engine, tree, platform.hosts());
    report.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    report.peak_rss_kib = usage.ru_maxrss;
  } catch (const std::exception& error) {
    std::snprintf(report.error, sizeof report.error, "child: %s", error.what());
  }
  const bool sent = write(out_fd, &report, sizeof report) == static_cast<ssize_t>(sizeof report);
  _exit(sent ? 0 : 1);
}

ChildReport measure(Variant variant, const std::string& platform_file, std::size_t n)
{
  ChildReport report;
  int fds[2];
  if (pipe(fds) != 0) {
    std::snprintf(report.error, sizeof report.error, "pipe() failed");
    return report;
  }
  const pid_t pid = fork();
  if (pid == 0) {
    close(fds[0]);
    child_main(variant, platform_file, n, fds[1]);
  }
  close(fds[1]);
  if (pid < 0) {
    close(fds[0]);
    std::snprintf(report.error, sizeof report.error, "fork() failed");
    return report;
  }
  std::size_t received = 0;
  while (received < sizeof report) {
    const ssize_t got = read(fds[0], reinterpret_cast<char*>(&report) + received, sizeof report - received);
    if (got <= 0)
      break;
    received += static_cast<std::size_t>(got);
  }
  close(fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  if (received != sizeof report)  // the child died: SimGrid aborts on fatal errors
    std::snprintf(report.error, sizeof report.error, "child died without reporting (%s %d)",
                  WIFSIGNALED(status) ? "signal" : "exit status",
                  WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
  return report;
}

// First makespan simulated at each size, by either variant: every later run must match it.
std::map<std::size_t, double>& reference_makespans()
{
  static std::map<std::size_t, double> makespans;
  return makespans;
}

void BM_replay(benchmark::State& state, Variant variant)
{
  const auto n = static_cast<std::size_t>(state.range(0));
  const std::string platform_file = write_platform(n);
  long peak_rss_kib = 0;
  double makespan = 0.0;
  for (auto _ : state) {
    const ChildReport report = measure(variant, platform_file, n);
    if (report.error[0] != '\0') {
      state.SkipWithError(report.error);
      break;
    }
    state.SetIterationTime(report.wall_seconds);
    peak_rss_kib = std::max(peak_rss_kib, report.peak_rss_kib);
    makespan = report.makespan;
    const double reference = reference_makespans().emplace(n, makespan).first->second;
    if (std::abs(makespan - reference) > 1e-9 * reference) {
      const std::string message = "makespan " + std::to_string(makespan) + " s differs from the other variant's " +
                                  std::to_string(reference) + " s";
      state.SkipWithError(message.c_str());
      break;
    }
  }
  std::filesystem::remove(platform_file);
  state.counters["peak_rss_MB"] = static_cast<double>(peak_rss_kib) / 1024.0;
  state.counters["makespan_s"] = makespan;
}

}  // namespace

int main(int argc, char** argv)
{
  benchmark::Initialize(&argc, argv);
  // Registered by size, then variant, so that each pair sits side by side in the table.
  for (const long n : {1000L, 10000L, 100000L})
    for (const auto& [name, variant] : {std::pair{"replay/hbcast", Variant::hbcast},
                                        std::pair{"replay/hand_written", Variant::hand_written}})
      benchmark::RegisterBenchmark(name, BM_replay, variant)
          ->Arg(n)
          ->Iterations(n < 100000 ? 3 : 1)
          ->UseManualTime()
          ->Unit(benchmark::kMillisecond);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
}
