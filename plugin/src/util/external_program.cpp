#include <hbcast/util/external_program.hpp>

#include <hbcast/util/process_tree.hpp>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <optional>
#include <spawn.h>
#include <thread>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace hbcast {
namespace {

// An unnamed temporary file, deleted when closed: the program's standard input, output or error.
class ScratchFile {
public:
  ScratchFile() : file_(std::tmpfile())
  {
    if (file_ == nullptr)
      throw std::runtime_error(std::string("cannot create a temporary file: ") + std::strerror(errno));
  }
  ~ScratchFile() { std::fclose(file_); }
  ScratchFile(const ScratchFile&) = delete;
  ScratchFile& operator=(const ScratchFile&) = delete;

  int descriptor() const { return fileno(file_); }

  void write_and_rewind(const std::string& text)
  {
    if (std::fwrite(text.data(), 1, text.size(), file_) != text.size() || std::fflush(file_) != 0)
      throw std::runtime_error(std::string("cannot write a temporary file: ") + std::strerror(errno));
    std::rewind(file_);
  }

  std::string content()
  {
    std::rewind(file_);
    std::string text;
    char buffer[4096];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, file_)) > 0;)
      text.append(buffer, n);
    return text;
  }

private:
  std::FILE* file_;
};

// Waits for `child`; nullopt when `stop` asked to end it first.
std::optional<int> wait_for(pid_t child, const std::function<bool()>& stop)
{
  int status = 0;
  if (!stop) {
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    return status;
  }
  for (auto pause = std::chrono::microseconds(200);; pause = std::min(2 * pause, std::chrono::microseconds(20000))) {
    const pid_t done = waitpid(child, &status, WNOHANG);
    if (done == child || (done < 0 && errno != EINTR))
      return status;
    if (stop())
      return std::nullopt;
    std::this_thread::sleep_for(pause);
  }
}

}  // namespace

ProgramResult run_program(const std::vector<std::string>& arguments, const std::string& input,
                          const std::function<bool()>& stop)
{
  ScratchFile stdin_file, stdout_file, stderr_file;
  stdin_file.write_and_rewind(input);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, stdin_file.descriptor(), STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, stdout_file.descriptor(), STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, stderr_file.descriptor(), STDERR_FILENO);
  std::vector<std::string> copies = arguments;
  std::vector<char*> argv;
  for (auto& argument : copies)
    argv.push_back(argument.data());
  argv.push_back(nullptr);
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  if (stop) {  // a group of its own, out of reach of the terminal's Ctrl-C, which `stop` handles
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&attributes, 0);
  }
  pid_t child = 0;
  const int spawn_error = posix_spawnp(&child, argv[0], &actions, &attributes, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  if (spawn_error == ENOENT)
    throw ProgramNotFound(arguments.front() + " not found");
  if (spawn_error != 0)
    throw std::runtime_error("cannot run " + arguments.front() + ": " + std::strerror(spawn_error));
  const std::optional<int> waited = wait_for(child, stop);
  if (!waited) {
    end_process_tree(child);  // smpirun and the simulator it started
    throw ProgramStopped(arguments.front() + " was stopped");
  }
  const int status = *waited;
  return {WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status), stdout_file.content(),
          stderr_file.content()};
}

}  // namespace hbcast
