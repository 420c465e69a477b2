#pragma once
// One measurement in a forked child: SimGrid allows one engine per process, so every benchmark
// that loads a platform measures in a child of its own and sends back a plain report through a
// pipe. Shared by the SimGrid benchmarks of plugin/bench.
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <type_traits>

namespace hbcast::bench {

/// What the parent learns of a child: its report (when it sent one), its own peak RSS (wait4) and
/// the wall time from fork to exit.
template <class Report>
struct ChildMeasurement {
  Report report{};
  bool reported = false;
  std::string failure;  ///< why there is no report, or empty
  long peak_rss_kib = 0;
  double process_seconds = 0.0;
};

/// Forks; the child runs `measure()` (which returns a Report and must not throw), writes the
/// report to the pipe and _exits without tearing the engine down. The parent waits for it.
template <class Report, class Measure>
ChildMeasurement<Report> measure_in_child(Measure&& measure)
{
  static_assert(std::is_trivially_copyable_v<Report>, "the report crosses a pipe as bytes");
  ChildMeasurement<Report> result;
  int fds[2];
  if (pipe(fds) != 0) {
    result.failure = "pipe() failed";
    return result;
  }
  const auto forked = std::chrono::steady_clock::now();
  const pid_t pid = fork();
  if (pid == 0) {
    close(fds[0]);
    const Report report = measure();
    const bool sent = write(fds[1], &report, sizeof report) == static_cast<ssize_t>(sizeof report);
    _exit(sent ? 0 : 1);
  }
  close(fds[1]);
  if (pid < 0) {
    close(fds[0]);
    result.failure = "fork() failed";
    return result;
  }
  std::size_t received = 0;
  while (received < sizeof(Report)) {
    const ssize_t got = read(fds[0], reinterpret_cast<char*>(&result.report) + received, sizeof(Report) - received);
    if (got <= 0)
      break;
    received += static_cast<std::size_t>(got);
  }
  close(fds[0]);
  int status = 0;
  rusage usage{};
  wait4(pid, &status, 0, &usage);  // this child's own peak RSS, not the maximum over all children
  result.process_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - forked).count();
  result.peak_rss_kib = usage.ru_maxrss;
  result.reported = received == sizeof(Report);
  if (!result.reported)  // the child died: SimGrid aborts on fatal errors
    result.failure = std::string("child died without reporting (") + (WIFSIGNALED(status) ? "signal " : "exit status ") +
                     std::to_string(WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status)) + ")";
  return result;
}

}  // namespace hbcast::bench
