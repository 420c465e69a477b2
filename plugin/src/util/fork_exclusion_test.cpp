// A helper thread that runs under fork_exclusion_mutex() is never caught inside it by a fork: the
// child's copy of its state always shows it outside. The helper below spends about 90% of its time
// inside (1 ms in, 0.1 ms out), so without the fork handler nearly every fork would catch it there.
#include <hbcast/util/fork_exclusion.hpp>

#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <thread>

TEST(ForkExclusion, AForkNeverCatchesAHelperThreadInsideTheLock)
{
  std::atomic<bool> stop{false};
  std::atomic<bool> inside{false};
  std::atomic<int> rounds{0};
  std::thread helper([&] {
    while (!stop) {
      {
        const std::lock_guard<std::mutex> lock(hbcast::fork_exclusion_mutex());
        inside = true;
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
        inside = false;
      }
      ++rounds;
      std::this_thread::sleep_for(std::chrono::microseconds(100));
    }
  });
  while (rounds == 0)
    std::this_thread::yield();
  int caught = 0;
  constexpr int kForks = 20;
  for (int i = 0; i < kForks; ++i) {
    const pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0)
      _exit(inside ? 1 : 0);
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFEXITED(status));
    caught += WEXITSTATUS(status);
  }
  stop = true;
  helper.join();
  EXPECT_EQ(caught, 0) << "forks that caught the helper inside the lock, of " << kForks;
}

// The thread that forked holds nothing after the fork, in the parent and in the child.
TEST(ForkExclusion, TheLockIsFreeAfterAForkInBothProcesses)
{
  std::mutex& exclusion = hbcast::fork_exclusion_mutex();
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    const bool free = exclusion.try_lock();
    _exit(free ? 0 : 1);
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  ASSERT_TRUE(exclusion.try_lock());
  exclusion.unlock();
}
