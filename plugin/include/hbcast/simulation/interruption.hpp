#pragma once
#include <hbcast/simulation/interrupted.hpp>

#include <string>

namespace hbcast::cli {

/// While alive, SIGINT and SIGTERM only set a flag (restored on destruction): the loops that
/// supervise child processes poll it, kill their children's process groups, leave no partial
/// output and throw Interrupted.
class InterruptionGuard {
public:
  InterruptionGuard();
  ~InterruptionGuard();
  InterruptionGuard(const InterruptionGuard&) = delete;
  InterruptionGuard& operator=(const InterruptionGuard&) = delete;
};

/// The signal received under an InterruptionGuard, or 0.
int pending_interruption();
/// "SIGINT" / "SIGTERM".
std::string signal_name(int signal);
/// Throws Interrupted when a signal is pending; `what` says what was stopped.
void throw_if_interrupted(const std::string& what);

/// In a freshly forked child: default signal dispositions, its own process group (out of reach
/// of the terminal's Ctrl-C, which the parent handles), and death with its parent.
void detach_child_signals();
/// Kills a child started with detach_child_signals() and every process descended from it, in
/// whatever process group (smpirun starts its own: end_process_tree), and reaps it.
void kill_child_group(int pid);

}  // namespace hbcast::cli
