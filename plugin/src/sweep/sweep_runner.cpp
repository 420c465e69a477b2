#include <hbcast/sweep/sweep_runner.hpp>

#include <hbcast/report/progress_line.hpp>
#include <hbcast/simulation/temporary_platform_file.hpp>
#include <hbcast/report/tree_files.hpp>
#include <hbcast/simulation/isolated_run.hpp>
#include <hbcast/simulation/platform_generators.hpp>
#include <hbcast/simulation/scheduler_simulation.hpp>
#include <hbcast/sweep/mpi_baseline_point.hpp>
#include <hbcast/sweep/point_options.hpp>
#include <hbcast/sweep/results_journal.hpp>
#include <hbcast/simulation/interruption.hpp>
#include <hbcast/sweep/results_check.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstring>
#include <deque>
#include <map>
#include <optional>
#include <stdexcept>
#include <vector>
#include <poll.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

namespace hbcast::cli {
namespace {

using Clock = std::chrono::steady_clock;

struct RunningPoint {
  IsolatedProcess process;
  const SweepPoint* point;
  Clock::time_point started;
};

// Sleeps until a child exits or `seconds` pass, whichever comes first: no polling.
void wait_for_an_exit(const std::map<pid_t, RunningPoint>& running, double seconds)
{
  std::vector<pollfd> watched;
  for (const auto& [pid, point] : running)
    watched.push_back({point.process.exit_fd(), POLLIN, 0});
  const double milliseconds = std::ceil(std::max(seconds, 0.0) * 1e3);
  poll(watched.data(), watched.size(), static_cast<int>(std::min(milliseconds, 2e9)));
}

std::string platform_in_memory(const std::string& xml)
{
  // SimGrid loads a path: hand it the generated XML through an anonymous file, nothing to clean up.
  int fd = memfd_create("hbcast-platform.xml", 0);
  if (fd < 0 || write(fd, xml.data(), xml.size()) != static_cast<ssize_t>(xml.size()))
    throw std::runtime_error(std::string("cannot hold the generated platform: ") + std::strerror(errno));
  return "/proc/self/fd/" + std::to_string(fd);
}

class SweepExecutor {
public:
  SweepExecutor(const Scenario& scenario, ResultsJournal& journal, const RowFormat& format, std::size_t workers)
      : scenario_(scenario), journal_(journal), format_(format), workers_(std::max<std::size_t>(workers, 1))
  {
  }

  // A worker left running would outlive a sweep that stopped on an error (a full disk).
  ~SweepExecutor()
  {
    for (const auto& [pid, running] : running_)
      kill_child_group(pid);
  }

  SweepSummary run(std::deque<const SweepPoint*> queue, ProgressLine& progress)
  {
    SweepSummary summary;
    while (!queue.empty() || !running_.empty()) {
      while (running_.size() < workers_ && !queue.empty()) {
        const SweepPoint* point = queue.front();
        queue.pop_front();
        auto process = IsolatedProcess::start([this, point] { return run_point(scenario_, *point).dump(); });
        const pid_t pid = process.pid();
        running_.emplace(pid, RunningPoint{std::move(process), point, Clock::now()});
      }
      // Bounded, so that a SIGINT/SIGTERM landing just before poll() is acted on within 0.25 s.
      wait_for_an_exit(running_, std::min(seconds_to_first_deadline(), 0.25));
      while (reap_one(summary) || kill_overdue(summary)) {
      }
      if (pending_interruption() != 0)
        stop_all();
      progress.update(summary.ran, fmt::format("{} failed", summary.failed));
    }
    return summary;
  }

private:
  double seconds_to_first_deadline() const
  {
    double seconds = scenario_.timeout_seconds;
    for (const auto& [pid, running] : running_)
      seconds = std::min(seconds, scenario_.timeout_seconds -
                                      std::chrono::duration<double>(Clock::now() - running.started).count());
    return seconds;
  }

  void forget(std::map<pid_t, RunningPoint>::iterator it) { running_.erase(it); }

  bool reap_one(SweepSummary& summary)
  {
    int status = 0;
    const pid_t pid = waitpid(-1, &status, WNOHANG);
    auto it = pid > 0 ? running_.find(pid) : running_.end();
    if (it == running_.end())
      return false;
    const auto outcome = it->second.process.collect(status);
    SweepRow row = outcome.ok ? SweepRow::parse(outcome.payload)
                              : failed_row(scenario_, *it->second.point, "failed", outcome.error);
    const auto [point, started] = std::make_pair(it->second.point, it->second.started);
    forget(it);  // reaped: never to be killed again, even if recording its row fails
    record(*point, started, row, summary);
    return true;
  }

  bool kill_overdue(SweepSummary& summary)
  {
    for (auto it = running_.begin(); it != running_.end(); ++it) {
      if (std::chrono::duration<double>(Clock::now() - it->second.started).count() <= scenario_.timeout_seconds)
        continue;
      kill_child_group(it->first);
      const auto outcome = it->second.process.timed_out(scenario_.timeout_seconds);
      const auto [point, started] = std::make_pair(it->second.point, it->second.started);
      forget(it);
      record(*point, started, failed_row(scenario_, *point, "timeout", outcome.error), summary);
      return true;
    }
    return false;
  }

  [[noreturn]] void stop_all()
  {
    for (const auto& [pid, running] : running_)
      kill_child_group(pid);
    running_.clear();
    throw_if_interrupted("workers killed");
    throw std::logic_error("stop_all without a pending signal");
  }

  void record(const SweepPoint& point, Clock::time_point started, const SweepRow& row, SweepSummary& summary)
  {
    const double wall = std::chrono::duration<double>(Clock::now() - started).count();
    journal_.append(point.id, format_.line(row), wall);
    ++summary.ran;
    if (row["status"] != "ok")
      ++summary.failed;
  }

  const Scenario& scenario_;
  ResultsJournal& journal_;
  const RowFormat& format_;
  std::size_t workers_;
  std::map<pid_t, RunningPoint> running_;
};

}  // namespace

SweepRow run_point(const Scenario& scenario, const SweepPoint& point)
{
  if (is_mpi_baseline(point))
    return run_mpi_baseline_point(scenario, point);
  SimulateOptions options = point_options(scenario, point);
  options.platform = scenario.platform.file.empty()
                         ? platform_in_memory(generate_platform_xml(scenario.platform.generator,
                                                                    point.generator_parameters, point.seed))
                         : scenario.platform.file;
  SimulationReport report = simulate_scheduler(options, point.scheduler);
  // best's plan beside the MPI baselines: executed by libhbcast_mpi in SMPI, timed as they are
  // (the fastest of best's finalists there).
  std::optional<double> smpi_makespan;
  std::string smpi_error;
  if (options.keep_trees && report.runs.at(0).status == "ok") {
    std::optional<TemporaryPlatformFile> generated;  // smpirun reads a path of its own
    if (scenario.platform.file.empty())
      generated.emplace(generate_platform_xml(scenario.platform.generator, point.generator_parameters, point.seed),
                        "hbcast-sweep-platform");
    try {
      smpi_makespan = deploy_in_smpi(report, generated ? generated->path() : scenario.platform.file, point.simgrid);
    } catch (const std::runtime_error& error) {
      smpi_error = error.what();
    }
  }
  SweepRow row = completed_row(scenario, point, report);
  if (smpi_makespan)
    row["smpi_makespan"] = *smpi_makespan;
  if (!smpi_error.empty()) {
    row["status"] = "failed";
    row["error"] = "best's plan in SMPI: " + smpi_error;
  }
  return row;
}

SweepSummary run_sweep(const Scenario& scenario, const SweepOptions& options, std::ostream& progress_stream)
{
  const RowFormat format(options.format);
  const std::string header = format.header(scenario);
  const auto points = expand_scenario(scenario);
  SweepSummary summary;
  // Locked before anything is read: a second sweep on the file refuses here, having changed nothing.
  ResultsJournal journal = options.resume ? ResultsJournal::resume(options.output, format, header)
                                          : ResultsJournal::create(options.output, format, header);
  if (options.resume) {
    check_rows_match(options.output, journal.stored_lines(), format, header, scenario, points);
    for (const auto& line : journal.stored_lines())
      if (options.shard.holds(format.point_of(line)) && row_status(line, format, header) != "ok")
        ++summary.failed_before;
  }
  journal.begin();
  std::deque<const SweepPoint*> queue;
  for (const auto& point : points) {
    if (!options.shard.holds(point.id))
      continue;
    ++summary.points_in_shard;
    if (journal.done().count(point.id) != 0)
      ++summary.already_done;
    else
      queue.push_back(&point);
  }
  InterruptionGuard interruption;
  ProgressLine progress(progress_stream, queue.size());
  SweepExecutor executor(scenario, journal, format, options.workers);
  try {
    const SweepSummary ran = executor.run(std::move(queue), progress);
    summary.ran = ran.ran;
    summary.failed = ran.failed;
  } catch (const Interrupted& interruption) {
    journal.finish();  // complete rows only, sorted: --resume completes it
    throw Interrupted(interruption.signal(),
                      fmt::format("interrupted by {}: workers killed; '{}' holds the {} points completed, "
                                  "'--resume' runs the rest",
                                  signal_name(interruption.signal()), options.output, journal.done().size()));
  }
  journal.finish();
  return summary;
}

}  // namespace hbcast::cli
