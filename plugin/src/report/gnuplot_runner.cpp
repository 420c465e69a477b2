#include <hbcast/report/gnuplot_runner.hpp>

#include <hbcast/util/atomic_file.hpp>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <regex>
#include <spawn.h>
#include <stdexcept>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace hbcast::cli {
namespace {

// An unnamed temporary file, deleted when closed: gnuplot's standard input, output or error output.
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

std::string trimmed(const std::string& line)
{
  const auto first = line.find_first_not_of(" \t\r");
  return first == std::string::npos ? "" : line.substr(first, line.find_last_not_of(" \t\r") + 1 - first);
}

// gnuplot echoes the failing command and a caret before the message proper ("line 12: ..."), and
// may print warnings first: report the first real error line.
std::string first_error_line(const std::string& errors)
{
  static const std::regex located_message("line [0-9]+: ");
  std::string fallback;
  std::size_t start = 0;
  while (start < errors.size()) {
    const auto end = std::min(errors.find('\n', start), errors.size());
    const std::string line = trimmed(errors.substr(start, end - start));
    start = end + 1;
    if (line.empty() || line.find("warning:") != std::string::npos)
      continue;
    if (std::regex_search(line, located_message))
      return line;
    if (fallback.empty() && line.rfind("gnuplot>", 0) != 0 && line != "^")
      fallback = line;
  }
  return fallback;
}

}  // namespace

void run_gnuplot_to_file(const std::string& script, const std::string& output_path)
{
  ScratchFile input;
  input.write_and_rewind(script);
  ScratchFile output;
  ScratchFile errors;

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, input.descriptor(), STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, output.descriptor(), STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, errors.descriptor(), STDERR_FILENO);
  char program[] = "gnuplot";
  char* arguments[] = {program, nullptr};
  pid_t child = 0;
  const int spawn_error = posix_spawnp(&child, program, &actions, nullptr, arguments, environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawn_error == ENOENT)
    throw std::runtime_error("gnuplot not found: install gnuplot-nox");
  if (spawn_error != 0)
    throw std::runtime_error(std::string("cannot run gnuplot: ") + std::strerror(spawn_error));

  int status = 0;
  while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    const std::string message = first_error_line(errors.content());
    throw std::runtime_error("gnuplot failed: " +
                             (message.empty() ? "exit status " + std::to_string(WIFEXITED(status) ? WEXITSTATUS(status)
                                                                                                   : 128 + WTERMSIG(status))
                                              : message));
  }
  const std::string image = output.content();
  if (image.empty())
    throw std::runtime_error("gnuplot failed: it wrote no image");
  // Only a complete image replaces an existing figure.
  write_file_atomically(output_path, image);
}

void draw_figure(const ResultsTable& table, const SeriesRequest& request, FigureKind kind, const std::string& title,
                 const std::string& output_path, const std::string& script_path)
{
  const FigureFormat format = figure_format_of(output_path);
  const GnuplotFigure figure(summarize_series(table, request), kind, title);
  if (!script_path.empty())
    write_file_atomically(script_path, figure.script(format, output_path));
  run_gnuplot_to_file(figure.script(format, std::nullopt), output_path);
}

}  // namespace hbcast::cli
