#pragma once
#include <sys/types.h>

#include <chrono>
#include <functional>
#include <string>

namespace hbcast::cli {

/// The outcome of a job run in a child process.
struct IsolatedOutcome {
  bool ok = false;
  std::string payload;       ///< the job's return value when ok
  std::string error;         ///< one line when not ok
  std::string child_stderr;  ///< what the child wrote to stderr (SimGrid logs)
  /// When not ok: the last result the job published before it stopped (publish_partial_result),
  /// empty if none.
  std::string partial_payload;
  bool timed_out = false;    ///< killed for running past its time limit
  bool threw = false;        ///< the job threw (its what() is `error`); else a crash or a timeout
  bool past_milestone = false;  ///< the job had called mark_milestone() (see activity_breadcrumb)
};

/// A job running in a forked child, so that whatever SimGrid does (abort, segfault, backtraces
/// on stderr, process-wide engine state) cannot reach the caller. The child's stderr and result
/// go to anonymous files; core dumps are disabled in the child; a shared page holds its activity
/// breadcrumb (what it was doing) for crash reports.
class IsolatedProcess {
public:
  static IsolatedProcess start(const std::function<std::string()>& job);
  IsolatedProcess(IsolatedProcess&& other) noexcept;
  IsolatedProcess& operator=(IsolatedProcess&&) = delete;
  IsolatedProcess(const IsolatedProcess&) = delete;
  ~IsolatedProcess();

  pid_t pid() const { return pid_; }
  /// A descriptor poll() finds readable once the child has exited (a pidfd, owned here).
  int exit_fd() const { return exit_fd_; }
  /// Waits for the child, waking when it exits, at the deadline, or every 0.25 s to act on a
  /// signal. `timeout_seconds` <= 0 means no limit; past it (counted from `started`) the child is
  /// killed and reported as timed out. A SIGINT/SIGTERM meanwhile kills it and throws
  /// (interruption.hpp). `first_result_seconds` > 0 bounds the job's setup too: a child that has
  /// published nothing (publish_partial_result) that long after `started` is timed out as well.
  IsolatedOutcome wait(double timeout_seconds = 0.0,
                       std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now(),
                       double first_result_seconds = 0.0) const;
  /// Turns the child's wait status (from waitpid) into an outcome. An exception thrown by the
  /// job becomes `error` (its what()); a crash becomes a one-line error quoting SimGrid's
  /// CRITICAL message if it printed one, else the signal and the child's last activity.
  IsolatedOutcome collect(int wait_status) const;
  /// The outcome of a child killed for running past `seconds`.
  IsolatedOutcome timed_out(double seconds) const;

private:
  IsolatedProcess() = default;
  pid_t pid_ = -1;
  int result_fd_ = -1;
  int stderr_fd_ = -1;
  int exit_fd_ = -1;
  int partial_fd_ = -1;
  char* activity_ = nullptr;
};

/// In a job run by IsolatedProcess: records what the job has computed so far (each call replaces
/// the last), so that a parent which then kills it for its time limit, or sees it crash, still
/// gets it (IsolatedOutcome::partial_payload). Does nothing outside such a job.
void publish_partial_result(const std::string& payload);

/// Starts `job` isolated and waits for it (IsolatedProcess::wait; `started`: by default now,
/// earlier when the job's share of shared work began then).
IsolatedOutcome run_isolated(const std::function<std::string()>& job, double timeout_seconds = 0.0,
                             std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now());

}  // namespace hbcast::cli
