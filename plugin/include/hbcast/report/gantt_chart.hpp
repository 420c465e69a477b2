#pragma once
#include <hbcast/report/gnuplot_figure.hpp>
#include <hbcast/simulation/gantt_bar.hpp>

#include <optional>
#include <string>
#include <vector>

namespace hbcast::cli {

/// A Gantt chart of one scheduler's broadcast: a row per host (in order of first appearance: the
/// root, then by predicted receive), each transfer drawn twice from the replay, as a send on its
/// sender's row and a receive on its receiver's row (late receives in red), with the predicted
/// intervals overlaid as outlines.
struct GanttChart {
  std::string title;
  std::vector<GanttBar> bars;

  /// The rows: host names, top to bottom.
  std::vector<std::string> rows() const;
  /// At most this many rows are drawn (14 pixels each): a larger chart shows the root and the
  /// hosts informed last (capped()), and its title says so.
  static constexpr std::size_t kMaxRows = 80;
  /// The chart of the root and the `max_rows` - 1 hosts informed last (their receives; sends from
  /// hosts left out then have no row of their own and are not drawn); itself when it is that small.
  GanttChart capped(std::size_t max_rows) const;
  /// A self-contained gnuplot script; data inline in $send, $receive, $late and $predicted blocks,
  /// one line "row start end" each. Without `output_path` gnuplot writes the image on stdout.
  std::string script(FigureFormat format, const std::optional<std::string>& output_path = std::nullopt) const;
};

}  // namespace hbcast::cli
