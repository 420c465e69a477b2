#include <hbcast/simulation/isolated_run.hpp>

#include <hbcast/simulation/interruption.hpp>
#include <hbcast/platform/activity_breadcrumb.hpp>

#include <csignal>
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sstream>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>

namespace hbcast::cli {
namespace {

constexpr std::size_t kActivityBytes = 512;

// The partial-result file of the job this process runs (-1: none). Each result is written as an
// 8-byte length, then the bytes: one torn by a kill mid-write is recognised and dropped.
int partial_result_fd = -1;

std::string read_all(int fd)
{
  std::string text;
  char buffer[65536];
  lseek(fd, 0, SEEK_SET);
  ssize_t got;
  while ((got = read(fd, buffer, sizeof buffer)) > 0)
    text.append(buffer, static_cast<std::size_t>(got));
  return text;
}

void write_all(int fd, const std::string& text)
{
  std::size_t done = 0;
  while (done < text.size()) {
    ssize_t wrote = write(fd, text.data() + done, text.size() - done);
    if (wrote <= 0)
      return;
    done += static_cast<std::size_t>(wrote);
  }
}

int anonymous_file(const char* name)
{
  int fd = memfd_create(name, MFD_CLOEXEC);
  if (fd < 0)
    throw std::runtime_error(std::string("cannot create a scratch file: ") + std::strerror(errno));
  return fd;
}

// SimGrid prints "[time] file:line: [category/CRITICAL] message" before aborting.
std::string critical_message(const std::string& log)
{
  std::istringstream lines(log);
  std::string line;
  while (std::getline(lines, line)) {
    auto at = line.find("/CRITICAL] ");
    if (at != std::string::npos)
      return line.substr(at + 11);
  }
  return "";
}

std::string while_doing(const char* activity)
{
  return activity[0] != '\0' ? std::string(" while ") + activity : std::string();
}

bool is_crash(int signal)
{
  return signal == SIGSEGV || signal == SIGBUS || signal == SIGABRT || signal == SIGFPE || signal == SIGILL ||
         signal == SIGTRAP || signal == SIGSYS;
}

// A crash is blamed on the code that ran: SimGrid only inside a call into it (the breadcrumb's
// owner, set by SimGridCall); a signal from outside (SIGKILL, SIGTERM) is no crash.
std::string death_by_signal(int signal, const char* activity)
{
  const std::string what = std::string("(") + strsignal(signal) + ")";
  if (!is_crash(signal))
    return "the child process was killed " + what + while_doing(activity);
  switch (activity_owner_in(activity, kActivityBytes)) {
    case ActivityOwner::simgrid:
      return "SimGrid crashed " + what + while_doing(activity);
    case ActivityOwner::simulation:
      return "the simulation crashed " + what + " in SimGrid's engine or hbcast's actors" + while_doing(activity);
    case ActivityOwner::hbcast:
      break;
  }
  return "hbcast crashed " + what + " in its own code" + while_doing(activity) + " (a bug in hbcast, not in SimGrid)";
}

// The last complete partial result in `fd`, or "".
std::string read_partial(int fd)
{
  const std::string text = read_all(fd);
  if (text.size() < sizeof(std::uint64_t))
    return "";
  std::uint64_t length = 0;
  std::memcpy(&length, text.data(), sizeof length);
  return text.size() == sizeof length + length ? text.substr(sizeof length) : "";
}

[[noreturn]] void run_child(const std::function<std::string()>& job, int result_fd, int stderr_fd, int partial_fd,
                            char* activity)
{
  partial_result_fd = partial_fd;
  detach_child_signals();
  rlimit no_core{0, 0};
  setrlimit(RLIMIT_CORE, &no_core);
  dup2(stderr_fd, STDERR_FILENO);
  use_activity_buffer(activity, kActivityBytes);
  int status = 0;
  std::string result;
  try {
    result = "O" + job();
  } catch (const std::exception& error) {
    result = std::string("E") + error.what();
    status = 2;
  }
  write_all(result_fd, result);
  std::fflush(nullptr);
  _exit(status);
}

// A descriptor that poll() finds readable once the child `pid` has exited (a pidfd), or -1.
int exit_descriptor(pid_t pid)
{
  // Through syscall(): Debian 12's <sys/pidfd.h> declares pidfd_open without C linkage for C++.
  return static_cast<int>(syscall(SYS_pidfd_open, pid, 0));
}

}  // namespace

void publish_partial_result(const std::string& payload)
{
  if (partial_result_fd < 0)
    return;
  const std::uint64_t length = payload.size();
  std::string record(sizeof length, '\0');
  std::memcpy(record.data(), &length, sizeof length);
  record += payload;
  if (ftruncate(partial_result_fd, 0) != 0)
    return;
  lseek(partial_result_fd, 0, SEEK_SET);
  write_all(partial_result_fd, record);
}

IsolatedProcess IsolatedProcess::start(const std::function<std::string()>& job)
{
  IsolatedProcess process;
  process.result_fd_ = anonymous_file("hbcast-result");
  process.stderr_fd_ = anonymous_file("hbcast-stderr");
  process.partial_fd_ = anonymous_file("hbcast-partial");
  void* shared = mmap(nullptr, kActivityBytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (shared == MAP_FAILED)
    throw std::runtime_error(std::string("cannot map shared memory: ") + std::strerror(errno));
  process.activity_ = static_cast<char*>(shared);
  process.activity_[0] = '\0';
  std::fflush(nullptr);
  process.pid_ = fork();
  if (process.pid_ < 0)
    throw std::runtime_error(std::string("cannot fork: ") + std::strerror(errno));
  if (process.pid_ == 0)
    run_child(job, process.result_fd_, process.stderr_fd_, process.partial_fd_, process.activity_);
  setpgid(process.pid_, process.pid_);  // also done by the child: whichever runs first
  process.exit_fd_ = exit_descriptor(process.pid_);
  if (process.exit_fd_ < 0) {
    const int error = errno;
    kill_child_group(process.pid_);
    throw std::runtime_error(std::string("cannot watch a child process: ") + std::strerror(error));
  }
  return process;
}

IsolatedProcess::IsolatedProcess(IsolatedProcess&& other) noexcept
    : pid_(other.pid_),
      result_fd_(other.result_fd_),
      stderr_fd_(other.stderr_fd_),
      exit_fd_(other.exit_fd_),
      partial_fd_(other.partial_fd_),
      activity_(other.activity_)
{
  other.result_fd_ = other.stderr_fd_ = other.exit_fd_ = other.partial_fd_ = -1;
  other.activity_ = nullptr;
}

IsolatedProcess::~IsolatedProcess()
{
  if (activity_ != nullptr)
    munmap(activity_, kActivityBytes);
  if (result_fd_ >= 0)
    close(result_fd_);
  if (stderr_fd_ >= 0)
    close(stderr_fd_);
  if (exit_fd_ >= 0)
    close(exit_fd_);
  if (partial_fd_ >= 0)
    close(partial_fd_);
}

IsolatedOutcome IsolatedProcess::collect(int wait_status) const
{
  IsolatedOutcome outcome;
  const std::string result = read_all(result_fd_);
  outcome.child_stderr = read_all(stderr_fd_);
  const std::string simgrid_message = critical_message(outcome.child_stderr);
  outcome.past_milestone = milestone_in(activity_, kActivityBytes);
  if (WIFSIGNALED(wait_status)) {
    outcome.error = !simgrid_message.empty() ? "SimGrid: " + simgrid_message
                                             : death_by_signal(WTERMSIG(wait_status), activity_);
  } else if (!result.empty() && result[0] == 'O') {
    outcome.ok = true;
    outcome.payload = result.substr(1);
  } else if (!result.empty()) {
    outcome.threw = true;
    outcome.error = result.substr(1);
  } else {
    outcome.error = !simgrid_message.empty() ? "SimGrid: " + simgrid_message
                                             : "the child process exited with status " +
                                                   std::to_string(WEXITSTATUS(wait_status)) + " and no result" +
                                                   while_doing(activity_);
  }
  if (!outcome.ok)
    outcome.partial_payload = read_partial(partial_fd_);
  return outcome;
}

IsolatedOutcome IsolatedProcess::timed_out(double seconds) const
{
  IsolatedOutcome outcome;
  outcome.child_stderr = read_all(stderr_fd_);
  outcome.timed_out = true;
  outcome.past_milestone = milestone_in(activity_, kActivityBytes);
  outcome.partial_payload = read_partial(partial_fd_);
  std::ostringstream message;
  message << "timed out after " << seconds << " s" << while_doing(activity_);
  outcome.error = message.str();
  return outcome;
}

IsolatedOutcome IsolatedProcess::wait(double timeout_seconds, std::chrono::steady_clock::time_point started,
                                      double first_result_seconds) const
{
  using Clock = std::chrono::steady_clock;
  const auto deadline = started + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(timeout_seconds));
  const auto first_result_deadline =
      started + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(first_result_seconds));
  bool first_result_seen = first_result_seconds <= 0.0;
  pollfd exited{exit_fd_, POLLIN, 0};
  int status = 0;
  while (waitpid(pid_, &status, WNOHANG) == 0) {
    if (pending_interruption() != 0) {
      kill_child_group(pid_);
      throw_if_interrupted("the child process was killed");
    }
    const auto now = Clock::now();
    if (timeout_seconds > 0.0 && now > deadline) {
      kill_child_group(pid_);
      return timed_out(timeout_seconds);
    }
    if (!first_result_seen) {
      struct stat status {};
      first_result_seen = fstat(partial_fd_, &status) == 0 && status.st_size > 0;
      if (!first_result_seen && now > first_result_deadline) {
        kill_child_group(pid_);
        return timed_out(first_result_seconds);
      }
    }
    // Until the child exits, its deadline, or 0.25 s (a SIGINT/SIGTERM is then acted on).
    double seconds = 0.25;
    if (timeout_seconds > 0.0)
      seconds = std::min(seconds, std::chrono::duration<double>(deadline - now).count());
    poll(&exited, 1, static_cast<int>(std::ceil(std::max(seconds, 0.0) * 1e3)));
  }
  return collect(status);
}

IsolatedOutcome run_isolated(const std::function<std::string()>& job, double timeout_seconds,
                             std::chrono::steady_clock::time_point started)
{
  return IsolatedProcess::start(job).wait(timeout_seconds, started);
}

}  // namespace hbcast::cli
