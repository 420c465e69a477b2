#include <hbcast/util/external_program.hpp>
#include <hbcast/util/process_tree.hpp>

#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace hbcast;

namespace {

std::string proc_file(pid_t pid, const char* name)
{
  return proc_file_text("/proc/" + std::to_string(pid) + "/" + name);
}

// Still running as the same program: neither gone nor a zombie awaiting its reaper (PID 1 here
// may reap late), nor its number taken by another.
bool still_runs(pid_t pid, const std::string& command_line)
{
  const std::string stat = proc_file(pid, "stat");
  const auto comm_end = stat.rfind(')');
  if (comm_end == std::string::npos || comm_end + 2 >= stat.size() || stat[comm_end + 2] == 'Z')
    return false;
  return proc_file(pid, "cmdline") == command_line;
}

}  // namespace

// A worker that runs a program as run_program runs smpirun (a process group of its own, `stop`
// given), the program a child of its own under it (smpirun's simulator): ending the worker ends
// all three, where ending the worker's process group missed the other group.
TEST(ProcessTree, EndsTheDescendantsInAnotherProcessGroup)
{
  const pid_t worker = fork();
  ASSERT_GE(worker, 0);
  if (worker == 0) {
    setpgid(0, 0);
    run_program({"sh", "-c", "sleep 300 & wait"}, "", [] { return false; });
    _exit(0);
  }
  std::vector<pid_t> tree;
  for (const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(60);
       tree.size() < 2 && std::chrono::steady_clock::now() < give_up;
       std::this_thread::sleep_for(std::chrono::milliseconds(5)))
    tree = descendant_processes(worker);
  ASSERT_EQ(tree.size(), 2u) << "the shell and its sleep never both appeared";
  EXPECT_NE(getpgid(tree[0]), getpgid(worker));  // the program's own group
  std::vector<std::string> command_lines;
  for (const pid_t pid : tree)
    command_lines.push_back(proc_file(pid, "cmdline"));

  end_process_tree(worker);
  for (std::size_t k = 0; k < tree.size(); ++k)
    EXPECT_FALSE(still_runs(tree[k], command_lines[k])) << "process " << tree[k] << " survived";
  EXPECT_TRUE(descendant_processes(worker).empty());
}
