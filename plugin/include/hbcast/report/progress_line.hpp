#pragma once
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <ostream>
#include <string>
#include <thread>

namespace hbcast::cli {

/// One self-overwriting status line on stderr for long runs: "[done/total] detail, ETA 1m05s".
/// Silent unless stderr is a terminal, so logs and pipes stay clean; erased when destroyed.
class ProgressLine {
public:
  ProgressLine(std::ostream& out, std::size_t total);
  /// Shown when `enabled` (e.g. `out` writes to the terminal a child process inherited).
  ProgressLine(std::ostream& out, std::size_t total, bool enabled);
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;
  ~ProgressLine();
  /// Shows `done` of the total with `detail`; the ETA extrapolates the mean time per item.
  void update(std::size_t done, const std::string& detail);

private:
  std::ostream& out_;
  std::size_t total_;
  bool enabled_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

/// Sets the status a ProgressHeartbeat repeats, as ProgressLine::update does, for work that has no
/// count of items (one stage after another).
void post_progress_status(const std::string& status);

/// For runs whose stderr is not a terminal (a log, a pipe, a batch job), where ProgressLine stays
/// silent: one line on stderr every `period` while the run lasts, "hbcast: 15 s, [3/32] simulating
/// fnf, ETA 0m40s", repeating the latest ProgressLine status of this process or of any process it
/// forks after this is made (the status is kept in memory they share). Silent on a terminal.
/// Its thread runs only under fork_exclusion_mutex() (util/fork_exclusion.hpp), so that a fork
/// never copies a lock it holds.
class ProgressHeartbeat {
public:
  explicit ProgressHeartbeat(std::chrono::seconds period = std::chrono::seconds(5));
  ProgressHeartbeat(const ProgressHeartbeat&) = delete;
  ProgressHeartbeat& operator=(const ProgressHeartbeat&) = delete;
  ~ProgressHeartbeat();

private:
  void beat();
  std::chrono::seconds period_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::condition_variable stop_;  // waited on with fork_exclusion_mutex()
  bool waiting_ = false;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace hbcast::cli
