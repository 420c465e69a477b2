#pragma once
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace hbcast {

/// What a finished external program gave back.
struct ProgramResult {
  int exit_status = 0;  ///< its exit status, or 128 + the signal that killed it
  std::string out;
  std::string err;
};

/// Thrown when the program is not on PATH.
class ProgramNotFound : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// Thrown when run_program's `stop` asked it to end the program early (a signal, a time limit).
class ProgramStopped : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// Runs `arguments` (arguments[0] looked up on PATH) with `input` on its standard input and
/// waits for it; its output and error output are captured whole (unnamed temporary files, so a
/// chatty program cannot block on a full pipe). With `stop`, the program runs in a process group
/// of its own, with everything it starts; `stop` is asked every few milliseconds while it runs,
/// and once it answers true the group is ended (SIGTERM, then SIGKILL a second later) and
/// ProgramStopped is thrown. Without it, the program stays in the caller's process group (a
/// supervisor that kills the caller's group ends it too). Throws ProgramNotFound, or std::runtime_error when it
/// cannot be started.
ProgramResult run_program(const std::vector<std::string>& arguments, const std::string& input = "",
                          const std::function<bool()>& stop = {});

}  // namespace hbcast
