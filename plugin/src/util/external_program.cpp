#include <hbcast/util/external_program.hpp>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <spawn.h>
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

}  // namespace

ProgramResult run_program(const std::vector<std::string>& arguments, const std::string& input)
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
  pid_t child = 0;
  const int spawn_error = posix_spawnp(&child, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawn_error == ENOENT)
    throw ProgramNotFound(arguments.front() + " not found");
  if (spawn_error != 0)
    throw std::runtime_error("cannot run " + arguments.front() + ": " + std::strerror(spawn_error));
  int status = 0;
  while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  return {WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status), stdout_file.content(),
          stderr_file.content()};
}

}  // namespace hbcast
