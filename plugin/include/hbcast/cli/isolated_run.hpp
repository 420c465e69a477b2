#pragma once
#include <functional>
#include <string>

namespace hbcast::cli {

/// The outcome of a job run in a child process.
struct IsolatedOutcome {
  bool ok = false;
  std::string payload;      ///< the job's return value when ok
  std::string error;        ///< one line when not ok
  std::string child_stderr; ///< what the child wrote to stderr (SimGrid logs)
};

/// Runs `job` in a forked child so that whatever SimGrid does (abort, segfault, backtraces on
/// stderr, process-wide engine state) cannot reach the caller. The child's stderr is captured;
/// core dumps are disabled in the child. An exception thrown by the job becomes `error` (its
/// what()); a crash becomes a one-line error quoting SimGrid's CRITICAL message if it printed
/// one, else the signal and what the child was doing (activity breadcrumb). `timeout_seconds`
/// <= 0 means no limit; past it the child is killed and reported as timed out.
IsolatedOutcome run_isolated(const std::function<std::string()>& job, double timeout_seconds = 0.0);

}  // namespace hbcast::cli
