#include <hbcast/report/progress_line.hpp>

#include <hbcast/util/fork_exclusion.hpp>

#include <fmt/format.h>

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstring>

namespace hbcast::cli {
namespace {

// The latest status line, in a page shared with the processes forked after it was mapped.
constexpr std::size_t kStatusBytes = 256;
char* status_board = nullptr;

void map_status_board()
{
  if (status_board != nullptr)
    return;
  void* page = mmap(nullptr, kStatusBytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (page == MAP_FAILED)
    return;  // no heartbeat status then, only the elapsed time
  status_board = static_cast<char*>(page);
  status_board[0] = '\0';
}

void post_status(const std::string& text)
{
  if (status_board == nullptr)
    return;
  const std::size_t length = std::min(text.size(), kStatusBytes - 1);
  if (length == 0) {
    status_board[0] = '\0';
    return;
  }
  // The first character last: a reader in between sees an empty status, not a torn one.
  status_board[0] = '\0';
  std::memcpy(status_board + 1, text.data() + 1, length - 1);
  status_board[length] = '\0';
  status_board[0] = text[0];
}

}  // namespace

void post_progress_status(const std::string& status)
{
  post_status(status);
}

ProgressLine::ProgressLine(std::ostream& out, std::size_t total)
    : ProgressLine(out, total, isatty(STDERR_FILENO) != 0)
{
}

ProgressLine::ProgressLine(std::ostream& out, std::size_t total, bool enabled)
    : out_(out), total_(total), enabled_(enabled)
{
}

ProgressLine::~ProgressLine()
{
  if (enabled_)
    out_ << "\r\033[K" << std::flush;
}

void ProgressLine::update(std::size_t done, const std::string& detail)
{
  std::string eta = "?";
  if (done > 0) {
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    const auto seconds = static_cast<long>(elapsed / static_cast<double>(done) * static_cast<double>(total_ - done));
    eta = fmt::format("{}m{:02}s", seconds / 60, seconds % 60);
  }
  const std::string status = fmt::format("[{}/{}] {}, ETA {}", done, total_, detail, eta);
  post_status(status);
  if (enabled_)
    out_ << "\r\033[K" << status << std::flush;
}

ProgressHeartbeat::ProgressHeartbeat(std::chrono::seconds period) : period_(period)
{
  if (isatty(STDERR_FILENO))
    return;  // ProgressLine draws on a terminal
  map_status_board();
  std::unique_lock<std::mutex> lock(fork_exclusion_mutex());
  thread_ = std::thread([this] { beat(); });
  // Returns once the thread waits: before, it may be inside its start-up, which allocates.
  stop_.wait(lock, [this] { return waiting_; });
}

ProgressHeartbeat::~ProgressHeartbeat()
{
  if (!thread_.joinable())
    return;
  {
    std::lock_guard<std::mutex> lock(fork_exclusion_mutex());
    stopping_ = true;
  }
  stop_.notify_all();
  thread_.join();
}

// One line per period, written with write(2) in one piece, so that lines never interleave with
// other writers' halfway. It holds fork_exclusion_mutex() except while it waits.
void ProgressHeartbeat::beat()
{
  std::unique_lock<std::mutex> lock(fork_exclusion_mutex());
  waiting_ = true;
  stop_.notify_all();
  for (auto next = start_ + period_; !stop_.wait_until(lock, next, [this] { return stopping_; }); next += period_) {
    char status[kStatusBytes];
    std::snprintf(status, sizeof status, "%s", status_board != nullptr ? status_board : "");
    const long elapsed = static_cast<long>(std::chrono::duration_cast<std::chrono::seconds>(next - start_).count());
    const std::string line = status[0] != '\0' ? fmt::format("hbcast: {} s, {}\n", elapsed, status)
                                                : fmt::format("hbcast: {} s, working\n", elapsed);
    const ssize_t ignored = write(STDERR_FILENO, line.data(), line.size());
    (void)ignored;
  }
}

}  // namespace hbcast::cli
