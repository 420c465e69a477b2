#include <hbcast/report/progress_line.hpp>

#include <fmt/format.h>

#include <unistd.h>

namespace hbcast::cli {

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
  if (!enabled_)
    return;
  std::string eta = "?";
  if (done > 0) {
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    const auto seconds = static_cast<long>(elapsed / static_cast<double>(done) * static_cast<double>(total_ - done));
    eta = fmt::format("{}m{:02}s", seconds / 60, seconds % 60);
  }
  out_ << fmt::format("\r\033[K[{}/{}] {}, ETA {}", done, total_, detail, eta) << std::flush;
}

}  // namespace hbcast::cli
