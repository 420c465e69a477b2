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

std::runtime_error write_error(const std::string& path, int error)
{
  return std::runtime_error("cannot write '" + path + "': " + std::strerror(error));
}

std::string read_text(const std::string& path)
{
  std::ifstream file(path, std::ios::binary);
  if (!file)
    throw std::runtime_error("cannot read results file '" + path + "'");
  std::ostringstream content;
  content << file.rdbuf();
  return content.str();
}

std::string read_descriptor(int fd, const std::string& path)
{
  std::string text;
  char buffer[1 << 16];
  for (off_t offset = 0;;) {
    const ssize_t got = pread(fd, buffer, sizeof buffer, offset);
    if (got < 0 && errno == EINTR)
      continue;
    if (got < 0)
      throw std::runtime_error("cannot read results file '" + path + "': " + std::strerror(errno));
    if (got == 0)
      return text;
    text.append(buffer, static_cast<std::size_t>(got));
    offset += got;
  }
}

int open_append(const std::string& path)
{
  int fd = open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0)
    throw write_error(path, errno);
  return fd;
}

// Without a file system that locks (ENOLCK: some NFS mounts), a sweep still runs, unguarded.
bool lock_unsupported(int error)
{
  return error == ENOLCK || error == EOPNOTSUPP || error == ENOTSUP || error == EINVAL;
}

// A POSIX record lock on the whole file. Unlike flock(2), it is not inherited by the sweep's
// worker processes (fork), so none of them can hold it after the sweep is gone. It is released
// when this process closes any descriptor of the file: only the journal's own descriptor ever
// opens it during a sweep. Returns 0, or the errno of the failure; `holder` gets the pid of the
// process holding it.
int lock_whole_file(int fd, pid_t* holder)
{
  struct flock lock {};
  lock.l_type = F_WRLCK;
  lock.l_whence = SEEK_SET;
  if (fcntl(fd, F_SETLK, &lock) == 0)
    return 0;
  const int error = errno;
  if (error == EACCES || error == EAGAIN) {
    struct flock probe {};
    probe.l_type = F_WRLCK;
    probe.l_whence = SEEK_SET;
    *holder = fcntl(fd, F_GETLK, &probe) == 0 && probe.l_type != F_UNLCK ? probe.l_pid : 0;
    return EAGAIN;
  }
  return lock_unsupported(error) ? 0 : error;
}

[[noreturn]] void refuse_locked(const std::string& path, pid_t holder)
{
  throw std::runtime_error("'" + path + "' is being written by another hbcast sweep" +
                           (holder > 0 ? " (process " + std::to_string(holder) + ")" : std::string()) +
                           ": wait for it to end, or choose another -o");
}

// Locks the results file at `path` for this sweep. A holder may replace the file (its final
// sort renames a new one over it) between our open and our lock: then the lock is on the old
// one, so take the new one's.
int open_locked(const std::string& path)
{
  for (;;) {
    const int fd = open(path.c_str(), O_RDWR | O_APPEND | O_CLOEXEC);
    if (fd < 0)
      throw std::runtime_error("cannot read results file '" + path + "': " + std::strerror(errno));
    pid_t holder = 0;
    if (const int error = lock_whole_file(fd, &holder); error != 0) {
      close(fd);
      if (error == EAGAIN)
        refuse_locked(path, holder);
      throw std::runtime_error("cannot lock results file '" + path + "': " + std::strerror(error));
    }
    struct stat held {}, named {};
    if (fstat(fd, &held) == 0 && stat(path.c_str(), &named) == 0 && held.st_dev == named.st_dev &&
        held.st_ino == named.st_ino)
      return fd;
    close(fd);
  }
}

// A new results file holding `header`, locked before it appears under its name: a temporary
// file is written and locked, then hard-linked to `path` (which fails if `path` exists). Where
// the file system has no hard links, an exclusive create, then the lock.
int create_locked(const std::string& path, const std::string& header)
{
  const std::string target = symlink_target(path);
  const std::string text = header.empty() ? "" : header + "\n";
  const std::string temporary = target + ".tmp" + std::to_string(getpid());
  int fd = open(temporary.c_str(), O_RDWR | O_APPEND | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0)
    throw write_error(path, errno);
  const auto give_up = [&](int error) {
    close(fd);
    unlink(temporary.c_str());
    return write_error(path, error);
  };
  pid_t holder = 0;
  if (const int error = lock_whole_file(fd, &holder); error != 0)
    throw give_up(error);
  if (!text.empty() && write(fd, text.data(), text.size()) != static_cast<ssize_t>(text.size()))
    throw give_up(errno != 0 ? errno : ENOSPC);
  if (link(temporary.c_str(), target.c_str()) == 0) {
    unlink(temporary.c_str());
    return fd;
  }
  const int error = errno;
  close(fd);
  unlink(temporary.c_str());
  if (error == EEXIST)
    throw std::runtime_error("'" + path + "' exists: use --resume to complete it, or choose another -o");
  if (error != EPERM && error != EOPNOTSUPP && error != ENOTSUP && error != EXDEV)
    throw write_error(path, error);
  fd = open(target.c_str(), O_RDWR | O_APPEND | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0 && errno == EEXIST)
    throw std::runtime_error("'" + path + "' exists: use --resume to complete it, or choose another -o");
  if (fd < 0)
    throw write_error(path, errno);
  if (lock_whole_file(fd, &holder) != 0 ||
      (!text.empty() && write(fd, text.data(), text.size()) != static_cast<ssize_t>(text.size()))) {
    const int failure = errno != 0 ? errno : ENOSPC;
    close(fd);
    unlink(target.c_str());
    throw write_error(path, failure);
  }
  return fd;
}

// The data lines of a results file's text; a line without its newline (a row cut short by a
// kill) is not a result. `complete_bytes`: the length of the text without it.
std::vector<std::string> parse_result_lines(std::string text, const std::string& path, const RowFormat& format,
                                            const std::string& header, std::size_t* complete_bytes = nullptr)
{
  const auto last_newline = text.find_last_of('\n');
  text.erase(last_newline == std::string::npos ? 0 : last_newline + 1);
  if (complete_bytes != nullptr)
    *complete_bytes = text.size();
  std::vector<std::string> lines;
  std::istringstream stream(text);
  std::string line;
  bool first = true;
  std::size_t line_number = 0;
  while (std::getline(stream, line)) {
    ++line_number;
    if (first && !header.empty()) {
      if (line != header)
        throw std::runtime_error("'" + path + "' holds other columns than this scenario's (different scenario?)");
      first = false;
      continue;
    }
    first = false;
    try {
      format.point_of(line);
    } catch (const std::invalid_argument& error) {
      throw std::runtime_error(fmt::format("'{}', line {}: {}", path, line_number, error.what()));
    }
    lines.push_back(line);
  }
  if (first && !header.empty() && !text.empty())
    throw std::runtime_error("'" + path + "' has no header line");
  return lines;
}

}  // namespace

std::vector<std::string> read_result_lines(const std::string& path, const RowFormat& format, const std::string& header)
{
  return parse_result_lines(read_text(path), path, format, header);
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
    , stored_lines_(std::move(other.stored_lines_))
    , complete_bytes_(other.complete_bytes_)
    , fd_(other.fd_)
    , wall_fd_(other.wall_fd_)
{
  other.fd_ = other.wall_fd_ = -1;
}

ResultsJournal::~ResultsJournal()
{
  if (fd_ >= 0)
    close(fd_);  // releases the lock
  if (wall_fd_ >= 0)
    close(wall_fd_);
}

ResultsJournal ResultsJournal::create(const std::string& path, const RowFormat& format, const std::string& header)
{
  struct stat existing;
  if (stat(path.c_str(), &existing) == 0)
    throw std::runtime_error("'" + path + "' exists: use --resume to complete it, or choose another -o");
  ResultsJournal journal(path, format, header);
  journal.fd_ = create_locked(path, header);
  journal.complete_bytes_ = header.empty() ? 0 : header.size() + 1;
  journal.wall_fd_ = open_append(path + ".wall.csv");
  if (ftruncate(journal.wall_fd_, 0) == 0)
    journal.append_line(journal.wall_fd_, "point,wall_seconds", path + ".wall.csv");
  return journal;
}

ResultsJournal ResultsJournal::resume(const std::string& path, const RowFormat& format, const std::string& header)
{
  ResultsJournal journal(path, format, header);
  journal.fd_ = open_locked(path);
  journal.stored_lines_ =
      parse_result_lines(read_descriptor(journal.fd_, path), path, format, header, &journal.complete_bytes_);
  for (const auto& line : journal.stored_lines_)
    journal.done_.insert(format.point_of(line));
  return journal;
}

void ResultsJournal::begin()
{
  struct stat status {};
  if (fstat(fd_, &status) == 0 && static_cast<std::size_t>(status.st_size) > complete_bytes_ &&
      ftruncate(fd_, static_cast<off_t>(complete_bytes_)) != 0)
    throw write_error(path_, errno);
  if (wall_fd_ < 0)
    wall_fd_ = open_append(path_ + ".wall.csv");
}

// One line in one write(2). A write that fails or falls short (a full disk) is undone, so that
// the file ends with a complete row, and reported with what the file holds.
void ResultsJournal::append_line(int fd, const std::string& line, const std::string& path)
{
  const std::string text = line + "\n";
  struct stat before {};
  const bool sized = fstat(fd, &before) == 0;
  errno = 0;
  const ssize_t written = write(fd, text.data(), text.size());
  if (written == static_cast<ssize_t>(text.size()))
    return;
  const int error = written < 0 && errno != 0 ? errno : ENOSPC;  // short: the device filled up
  const bool cut_line_left = written > 0 && (!sized || ftruncate(fd, before.st_size) != 0);
  throw std::runtime_error(fmt::format("cannot write '{}': {}; '{}' keeps its {} complete rows{}: make room, then "
                                       "run the same command with --resume",
                                       path, std::strerror(error), path_, done_.size(),
                                       cut_line_left ? " (and a cut last line, which --resume drops)" : ""));
}

void ResultsJournal::append(std::size_t point, const std::string& line, double wall_seconds)
{
  append_line(fd_, line, path_);
  done_.insert(point);
  append_line(wall_fd_, fmt::format("{},{:.3f}", point, wall_seconds), path_ + ".wall.csv");
}

void ResultsJournal::finish()
{
  auto lines = parse_result_lines(read_descriptor(fd_, path_), path_, format_, header_);
  std::stable_sort(lines.begin(), lines.end(), [this](const std::string& a, const std::string& b) {
    return format_.point_of(a) < format_.point_of(b);
  });
  std::string text = header_.empty() ? "" : header_ + "\n";
  for (const auto& line : lines)
    text += line + "\n";
  write_file_atomically(path_, text);
}

}  // namespace hbcast::cli
