#include <hbcast/sweep/results_journal.hpp>

#include <hbcast/util/atomic_file.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <sys/stat.h>
#include <unistd.h>

namespace hbcast::cli {
namespace {

std::string read_text(const std::string& path)
{
  std::ifstream file(path, std::ios::binary);
  if (!file)
    throw std::runtime_error("cannot read results file '" + path + "'");
  std::ostringstream content;
  content << file.rdbuf();
  return content.str();
}

int open_append(const std::string& path)
{
  int fd = open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0)
    throw std::runtime_error("cannot write '" + path + "': " + std::strerror(errno));
  return fd;
}

void write_line(int fd, const std::string& line, const std::string& path)
{
  const std::string text = line + "\n";
  if (write(fd, text.data(), text.size()) != static_cast<ssize_t>(text.size()))
    throw std::runtime_error("cannot write '" + path + "': " + std::strerror(errno));
}

}  // namespace

std::vector<std::string> read_result_lines(const std::string& path, const RowFormat& format, const std::string& header)
{
  std::string text = read_text(path);
  // A line without its newline is a row cut short by a kill: not a result.
  text.erase(text.find_last_of('\n') == std::string::npos ? 0 : text.find_last_of('\n') + 1);
  std::vector<std::string> lines;
  std::istringstream stream(text);
  std::string line;
  bool first = true;
  while (std::getline(stream, line)) {
    if (first && !header.empty()) {
      if (line != header)
        throw std::runtime_error("'" + path + "' holds other columns than this scenario's (different scenario?)");
      first = false;
      continue;
    }
    first = false;
    format.point_of(line);  // validates
    lines.push_back(line);
  }
  if (first && !header.empty() && !text.empty())
    throw std::runtime_error("'" + path + "' has no header line");
  return lines;
}

ResultsJournal::ResultsJournal(std::string path, RowFormat format, std::string header)
    : path_(std::move(path)), format_(std::move(format)), header_(std::move(header))
{
}

ResultsJournal::ResultsJournal(ResultsJournal&& other) noexcept
    : path_(std::move(other.path_))
    , format_(other.format_)
    , header_(std::move(other.header_))
    , done_(std::move(other.done_))
    , fd_(other.fd_)
    , wall_fd_(other.wall_fd_)
{
  other.fd_ = other.wall_fd_ = -1;
}

ResultsJournal::~ResultsJournal()
{
  if (fd_ >= 0)
    close(fd_);
  if (wall_fd_ >= 0)
    close(wall_fd_);
}

void ResultsJournal::open_for_append()
{
  fd_ = open_append(path_);
  wall_fd_ = open_append(path_ + ".wall.csv");
}

ResultsJournal ResultsJournal::create(const std::string& path, const RowFormat& format, const std::string& header)
{
  struct stat existing;
  if (stat(path.c_str(), &existing) == 0)
    throw std::runtime_error("'" + path + "' exists: use --resume to complete it, or choose another -o");
  ResultsJournal journal(path, format, header);
  journal.open_for_append();
  if (!header.empty())
    write_line(journal.fd_, header, path);
  if (ftruncate(journal.wall_fd_, 0) == 0)
    write_line(journal.wall_fd_, "point,wall_seconds", path + ".wall.csv");
  return journal;
}

ResultsJournal ResultsJournal::resume(const std::string& path, const RowFormat& format, const std::string& header)
{
  ResultsJournal journal(path, format, header);
  std::vector<std::string> lines = read_result_lines(path, format, header);
  // Rewrite without any partial last line before appending to it.
  std::string text = header.empty() ? "" : header + "\n";
  for (const auto& line : lines) {
    text += line + "\n";
    journal.done_.insert(format.point_of(line));
  }
  write_file_atomically(path, text);
  journal.open_for_append();
  return journal;
}

void ResultsJournal::append(std::size_t point, const std::string& line, double wall_seconds)
{
  write_line(fd_, line, path_);
  write_line(wall_fd_, fmt::format("{},{:.3f}", point, wall_seconds), path_ + ".wall.csv");
  done_.insert(point);
}

void ResultsJournal::finish()
{
  auto lines = read_result_lines(path_, format_, header_);
  std::stable_sort(lines.begin(), lines.end(), [this](const std::string& a, const std::string& b) {
    return format_.point_of(a) < format_.point_of(b);
  });
  std::string text = header_.empty() ? "" : header_ + "\n";
  for (const auto& line : lines)
    text += line + "\n";
  write_file_atomically(path_, text);
}

}  // namespace hbcast::cli
