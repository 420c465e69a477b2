#include <hbcast/simulation/interruption.hpp>

#include <hbcast/util/process_tree.hpp>

#include <csignal>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace hbcast::cli {
namespace {

volatile std::sig_atomic_t received = 0;
int guards = 0;
struct sigaction previous_int, previous_term;

extern "C" void record_signal(int signal)
{
  received = signal;
}

}  // namespace

Interrupted::Interrupted(int signal, const std::string& what) : std::runtime_error(what), signal_(signal) {}

InterruptionGuard::InterruptionGuard()
{
  if (guards++ > 0)
    return;
  received = 0;
  struct sigaction action {};
  action.sa_handler = record_signal;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, &previous_int);
  sigaction(SIGTERM, &action, &previous_term);
}

InterruptionGuard::~InterruptionGuard()
{
  if (--guards > 0)
    return;
  sigaction(SIGINT, &previous_int, nullptr);
  sigaction(SIGTERM, &previous_term, nullptr);
}

int pending_interruption()
{
  return received;
}

std::string signal_name(int signal)
{
  return signal == SIGINT ? "SIGINT" : signal == SIGTERM ? "SIGTERM" : "signal " + std::to_string(signal);
}

void throw_if_interrupted(const std::string& what)
{
  if (const int signal = pending_interruption())
    throw Interrupted(signal, "interrupted by " + signal_name(signal) + ": " + what);
}

void detach_child_signals()
{
  const pid_t parent = getppid();
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
  setpgid(0, 0);
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != parent)  // the parent died before prctl took effect
    _exit(1);
}

void kill_child_group(int pid)
{
  end_process_tree(pid);
}

}  // namespace hbcast::cli
