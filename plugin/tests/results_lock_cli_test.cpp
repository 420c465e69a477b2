// Results that survive a second sweep on the same file: the first sweep holds the file's lock
// from creation to its end, so a second `sweep --resume` (or a second `sweep`) started meanwhile
// refuses at once, one line, and changes nothing: the first sweep's file ends byte for byte as an
// undisturbed run's. Without the lock, the second sweep re-ran every point not yet written and
// the file held those points twice.
#include "support/cli_expectations.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <sstream>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace hbcast::test_support;

namespace {

// 120 points of a few milliseconds each: long enough at -j 1 for the second sweep to start while
// the first runs.
const char* const kGrid = R"(name: lock
platform:
  generator: random
  parameters:
    nodes: 8
    density: 0.3
schedulers: [flat, binomial, fnf]
sizes: [64KiB, 1MiB]
slices: 4
port: [one, multi]
repetitions: 10
seed: 11
)";

std::size_t line_count(const std::string& path)
{
  std::istringstream stream(read_file(path));
  std::size_t count = 0;
  for (std::string line; std::getline(stream, line);)
    ++count;
  return count;
}

pid_t start_sweep(const std::string& scenario, const std::string& output, const char* executable = hbcast_executable())
{
  const pid_t pid = fork();
  if (pid == 0) {
    if (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr))
      _exit(126);
    execl(executable, executable, "sweep", scenario.c_str(), "-j", "1", "-o", output.c_str(), nullptr);
    _exit(127);
  }
  return pid;
}

// Waits until the sweep `pid` has written `rows` lines to `path`. Gives up, with the reason, as
// soon as the sweep has ended (e.g. its binary is missing: exec fails, exit 127) or after
// `patience`, so that a sweep that never writes fails the test instead of hanging it.
testing::AssertionResult wait_for_rows(pid_t pid, const std::string& path, std::size_t rows,
                                       std::chrono::seconds patience = std::chrono::seconds(120))
{
  const auto deadline = std::chrono::steady_clock::now() + patience;
  while (access(path.c_str(), F_OK) != 0 || line_count(path) < rows) {
    int status = 0;
    if (waitpid(pid, &status, WNOHANG) == pid)
      return testing::AssertionFailure()
             << "the sweep ended (" << (WIFEXITED(status) ? "exit " : "signal ")
             << (WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status)) << ") before " << path << " held "
             << rows << " lines";
    if (std::chrono::steady_clock::now() > deadline) {
      kill(pid, SIGKILL);
      waitpid(pid, nullptr, 0);
      return testing::AssertionFailure() << path << " did not reach " << rows << " lines in " << patience.count()
                                         << " s: the sweep was stopped";
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return testing::AssertionSuccess();
}

bool still_running(pid_t pid)
{
  int status = 0;
  return waitpid(pid, &status, WNOHANG) == 0;
}

}  // namespace

TEST(ResultsLock, ASecondSweepOnTheSameFileRefusesAndLosesNothing)
{
  TemporaryDirectory dir;
  const auto scenario = dir.write("lock.yaml", kGrid);
  const std::string undisturbed = dir.path() + "/undisturbed.csv";
  ASSERT_EQ(run_hbcast({"sweep", scenario, "-j", "2", "-o", undisturbed}).exit_status, 0);

  const std::string shared = dir.path() + "/shared.csv";
  const pid_t first = start_sweep(scenario, shared);
  ASSERT_TRUE(wait_for_rows(first, shared, 20));
  const auto resumed = run_hbcast({"sweep", scenario, "-j", "1", "-o", shared, "--resume"});
  const auto again = run_hbcast({"sweep", scenario, "-j", "1", "-o", shared});
  const bool first_was_running = still_running(first);
  int status = 0;
  if (first_was_running)
    waitpid(first, &status, 0);
  ASSERT_TRUE(first_was_running) << "the first sweep ended before the second started: nothing was tested";
  expect_one_line_error(resumed, "is being written by another hbcast sweep");
  expect_one_line_error(again, "exists: use --resume");
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  EXPECT_EQ(read_file(shared), read_file(undisturbed));

  // Once the first has ended, the lock is free: --resume finds every point done.
  const auto after = run_hbcast({"sweep", scenario, "-o", shared, "--resume"});
  EXPECT_EQ(after.exit_status, 0) << after.err;
  EXPECT_NE(after.out.find("120 already done, 0 run"), std::string::npos) << after.out;
  EXPECT_EQ(read_file(shared), read_file(undisturbed));
}

// A resume that waits for nobody: a lock left by a killed sweep dies with it.
TEST(ResultsLock, AKilledSweepLeavesNoLockBehind)
{
  TemporaryDirectory dir;
  const auto scenario = dir.write("lock.yaml", kGrid);
  const std::string output = dir.path() + "/out.csv";
  const pid_t sweep = start_sweep(scenario, output);
  ASSERT_TRUE(wait_for_rows(sweep, output, 10));
  kill(sweep, SIGKILL);
  waitpid(sweep, nullptr, 0);
  const auto resumed = run_hbcast({"sweep", scenario, "-j", "2", "-o", output, "--resume"});
  EXPECT_EQ(resumed.exit_status, 0) << resumed.err;
  EXPECT_EQ(line_count(output), 121u);
}

// The waits above fail at once, naming the cause, when the sweep cannot run: a missing binary
// ends its child with exit 127, which the wait sees at once (not at its deadline).
TEST(ResultsLock, TheWaitFailsFastWhenTheSweepCannotStart)
{
  TemporaryDirectory dir;
  const auto scenario = dir.write("lock.yaml", kGrid);
  const std::string missing = dir.path() + "/no-such-hbcast";
  const pid_t sweep = start_sweep(scenario, dir.path() + "/out.csv", missing.c_str());
  const auto waited = wait_for_rows(sweep, dir.path() + "/out.csv", 10);
  EXPECT_FALSE(waited);
  EXPECT_NE(std::string(waited.message()).find("the sweep ended (exit 127)"), std::string::npos) << waited.message();
}
