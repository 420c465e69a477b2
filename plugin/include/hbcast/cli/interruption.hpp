#pragma once
#include <stdexcept>
#include <string>

namespace hbcast::cli {

/// Thrown by a supervising loop once SIGINT or SIGTERM arrived and its children are killed; the
/// command exits with 128 + signal (130, 143), the shell convention.
class Interrupted : public std::runtime_error {
public:
  Interrupted(int signal, const std::string& what);
  int signal() const { return signal_; }
  int exit_status() const { return 128 + signal_; }

private:
  int signal_;
};

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

/// In a freshly forked child: default signal dispositions, its own process group (so that the
/// parent kills it and anything it starts with one kill), and death with its parent.
void detach_child_signals();
/// Kills a child started with detach_child_signals() and all it started, and reaps it.
void kill_child_group(int pid);

}  // namespace hbcast::cli
