#include <hbcast/util/process_tree.hpp>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <dirent.h>
#include <fstream>
#include <iterator>
#include <map>
#include <poll.h>
#include <string>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

namespace hbcast {
namespace {

// Every process's parent, from /proc/PID/stat ("PID (COMM) STATE PPID ...": COMM may hold spaces
// and parentheses, so the fields are read after its last ')').
std::multimap<pid_t, pid_t> children_by_parent()
{
  std::multimap<pid_t, pid_t> children;
  DIR* proc = opendir("/proc");
  if (proc == nullptr)
    return children;
  while (const dirent* entry = readdir(proc)) {
    const std::string name = entry->d_name;
    if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos)
      continue;
    const std::string line = proc_file_text("/proc/" + name + "/stat");
    const auto comm_end = line.rfind(')');
    if (comm_end == std::string::npos)
      continue;
    char state = 0;
    long parent = 0;
    if (std::sscanf(line.c_str() + comm_end + 1, " %c %ld", &state, &parent) == 2)
      children.emplace(static_cast<pid_t>(parent), static_cast<pid_t>(std::stol(name)));
  }
  closedir(proc);
  return children;
}

// Through syscall(): Debian 12's <sys/pidfd.h> declares these without C linkage for C++.
int open_pidfd(pid_t pid)
{
  return static_cast<int>(syscall(SYS_pidfd_open, pid, 0));
}

void signal_pidfd(int pidfd, int signal)
{
  syscall(SYS_pidfd_send_signal, pidfd, signal, nullptr, 0);
}

bool has_exited(int pidfd)
{
  pollfd exited{pidfd, POLLIN, 0};
  return poll(&exited, 1, 0) > 0;
}

}  // namespace

std::string proc_file_text(const std::string& path)
{
  try {
    std::ifstream file(path);
    return std::string((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  } catch (const std::exception&) {
    return {};
  }
}

std::vector<pid_t> descendant_processes(pid_t root)
{
  const auto children = children_by_parent();
  std::vector<pid_t> found;
  std::vector<pid_t> pending = {root};
  while (!pending.empty()) {
    const pid_t parent = pending.back();
    pending.pop_back();
    const auto [first, last] = children.equal_range(parent);
    for (auto it = first; it != last; ++it)
      if (std::find(found.begin(), found.end(), it->second) == found.end()) {
        found.push_back(it->second);
        pending.push_back(it->second);
      }
  }
  return found;
}

void end_process_tree(pid_t root, std::chrono::milliseconds grace)
{
  std::map<pid_t, int> stopped;  // process -> its pidfd
  const auto stop = [&stopped](pid_t pid) {
    const int pidfd = open_pidfd(pid);
    if (pidfd < 0)
      return false;  // gone already
    signal_pidfd(pidfd, SIGSTOP);
    stopped.emplace(pid, pidfd);
    return true;
  };
  stop(root);
  // A process started between two reads of /proc is found by the next; a stopped one starts none.
  for (bool found_new = true; found_new;) {
    found_new = false;
    for (const pid_t pid : descendant_processes(root))
      if (stopped.count(pid) == 0 && stop(pid))
        found_new = true;
  }
  for (const auto& [pid, pidfd] : stopped) {
    signal_pidfd(pidfd, SIGTERM);
    signal_pidfd(pidfd, SIGCONT);
  }
  const auto deadline = std::chrono::steady_clock::now() + grace;
  const auto all_exited = [&stopped] {
    return std::all_of(stopped.begin(), stopped.end(), [](const auto& entry) { return has_exited(entry.second); });
  };
  while (!all_exited() && std::chrono::steady_clock::now() < deadline)
    usleep(5000);
  for (const auto& [pid, pidfd] : stopped)
    if (!has_exited(pidfd))
      signal_pidfd(pidfd, SIGKILL);
  // A killed process is gone within a moment: once this returns, none of them runs.
  const auto killed_deadline = std::chrono::steady_clock::now() + std::chrono::seconds(1);
  while (!all_exited() && std::chrono::steady_clock::now() < killed_deadline)
    usleep(1000);
  for (const auto& [pid, pidfd] : stopped)
    close(pidfd);
  int status = 0;
  while (waitpid(root, &status, 0) < 0 && errno == EINTR) {
  }
}

}  // namespace hbcast
