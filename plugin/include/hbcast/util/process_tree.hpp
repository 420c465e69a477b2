#pragma once
// Ending a child process with everything it started, whatever process group each joined: smpirun
// runs in a group of its own, and SMPI's simulator under it, so that ending a worker's group would
// leave them running.

#include <chrono>
#include <string>
#include <sys/types.h>
#include <vector>

namespace hbcast {

/// The text of a /proc file, or none when it cannot be read: its process may end while it is read
/// (the read then fails with ESRCH).
std::string proc_file_text(const std::string& path);

/// The processes descended from `root` (its children, theirs, ...), read from /proc; empty where
/// /proc is not mounted.
std::vector<pid_t> descendant_processes(pid_t root);

/// Ends `root`, a child of the caller, and every process descended from it. They are stopped first
/// (SIGSTOP), round after round until no new one appears, so that none forks or leaves the tree
/// while it is read; then each gets SIGTERM (smpirun removes its temporary files), SIGKILL if it
/// is still there after `grace`, and `root` is reaped. Each is signalled through a pidfd: a
/// process that exits meanwhile is never confused with another taking its number.
void end_process_tree(pid_t root, std::chrono::milliseconds grace = std::chrono::milliseconds(1000));

}  // namespace hbcast
