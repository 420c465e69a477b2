#pragma once
#include <hbcast/cli/gnuplot_figure.hpp>

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace hbcast::cli {

/// One transfer of a replayed tree: predicted (pairwise) and simulated [start, end).
struct GanttBar {
  std::string from;
  std::string to;
  double predicted_start = 0.0;
  double predicted_end = 0.0;
  double simulated_start = 0.0;
  double simulated_end = 0.0;
  /// Finished later than predicted (relative 1e-9 and 1e-12 s of slack).
  bool late() const;
};

/// A Gantt chart of one scheduler's broadcast: a row per host (in order of first appearance: the
/// root, then by predicted receive), each transfer drawn twice from the replay, as a send on its
/// sender's row and a receive on its receiver's row (late receives in red), with the predicted
/// intervals overlaid as outlines.
struct GanttChart {
  std::string title;
  std::vector<GanttBar> bars;

  /// The rows: host names, top to bottom.
  std::vector<std::string> rows() const;
  /// A self-contained gnuplot script; data inline in $send, $receive, $late and $predicted blocks,
  /// one line "row start end" each. Without `output_path` gnuplot writes the image on stdout.
  std::string script(FigureFormat format, const std::optional<std::string>& output_path = std::nullopt) const;
};

void to_json(nlohmann::json& json, const GanttBar& bar);
void from_json(const nlohmann::json& json, GanttBar& bar);

}  // namespace hbcast::cli
