#pragma once
#include <chrono>
#include <ostream>
#include <string>

namespace hbcast::cli {

/// One self-overwriting status line on stderr for long runs: "[done/total] detail, ETA 1m05s".
/// Silent unless stderr is a terminal, so logs and pipes stay clean; erased when destroyed.
class ProgressLine {
public:
  ProgressLine(std::ostream& out, std::size_t total);
  /// Shown when `enabled` (e.g. `out` writes to the terminal a child process inherited).
  ProgressLine(std::ostream& out, std::size_t total, bool enabled);
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;
  ~ProgressLine();
  /// Shows `done` of the total with `detail`; the ETA extrapolates the mean time per item.
  void update(std::size_t done, const std::string& detail);

private:
  std::ostream& out_;
  std::size_t total_;
  bool enabled_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace hbcast::cli
