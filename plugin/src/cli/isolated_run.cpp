#include <hbcast/cli/isolated_run.hpp>

#include <hbcast/platform/activity_breadcrumb.hpp>

#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sstream>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <stdexcept>
#include <thread>

namespace hbcast::cli {
namespace {

constexpr std::size_t kActivityBytes = 512;

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
  int fd = memfd_create(name, 0);
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

[[noreturn]] void run_child(const std::function<std::string()>& job, int result_fd, int stderr_fd, char* activity)
{
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

IsolatedOutcome crashed(int signal_number, const std::string& log, const char* activity)
{
  IsolatedOutcome outcome;
  outcome.child_stderr = log;
  std::string message = critical_message(log);
  if (!message.empty())
    outcome.error = "SimGrid: " + message;
  else
    outcome.error = std::string("SimGrid crashed (") + strsignal(signal_number) + ")" +
                    (activity[0] != '\0' ? std::string(" while ") + activity : std::string());
  return outcome;
}

// Waits for the child; returns false if it had to be killed after the timeout.
bool wait_for(pid_t child, int& status, double timeout_seconds)
{
  if (timeout_seconds <= 0.0)
    return waitpid(child, &status, 0) == child;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout_seconds);
  while (waitpid(child, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      kill(child, SIGKILL);
      waitpid(child, &status, 0);
      return false;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return true;
}

}  // namespace

IsolatedOutcome run_isolated(const std::function<std::string()>& job, double timeout_seconds)
{
  int result_fd = anonymous_file("hbcast-result");
  int stderr_fd = anonymous_file("hbcast-stderr");
  void* shared = mmap(nullptr, kActivityBytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (shared == MAP_FAILED)
    throw std::runtime_error(std::string("cannot map shared memory: ") + std::strerror(errno));
  char* activity = static_cast<char*>(shared);
  activity[0] = '\0';
  std::fflush(nullptr);
  pid_t child = fork();
  if (child < 0)
    throw std::runtime_error(std::string("cannot fork: ") + std::strerror(errno));
  if (child == 0)
    run_child(job, result_fd, stderr_fd, activity);

  int status = 0;
  const bool finished = wait_for(child, status, timeout_seconds);
  IsolatedOutcome outcome;
  std::string result = read_all(result_fd);
  std::string log = read_all(stderr_fd);
  if (!finished) {
    outcome.error = "timed out after " + std::to_string(timeout_seconds) + " s" +
                    (activity[0] != '\0' ? std::string(" while ") + activity : std::string());
    outcome.child_stderr = log;
  } else if (WIFSIGNALED(status)) {
    outcome = crashed(WTERMSIG(status), log, activity);
  } else if (!result.empty() && result[0] == 'O') {
    outcome.ok = true;
    outcome.payload = result.substr(1);
    outcome.child_stderr = log;
  } else {
    outcome.error = !result.empty() ? result.substr(1) : "the child process exited with status " +
                                                             std::to_string(WEXITSTATUS(status)) + " and no result";
    std::string message = critical_message(log);
    if (result.empty() && !message.empty())
      outcome.error = "SimGrid: " + message;
    outcome.child_stderr = log;
  }
  munmap(shared, kActivityBytes);
  close(result_fd);
  close(stderr_fd);
  return outcome;
}

}  // namespace hbcast::cli
