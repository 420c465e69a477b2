#pragma once
#include <hbcast/report/series_statistics.hpp>

#include <optional>
#include <string>

namespace hbcast::cli {

enum class FigureKind {
  line,  ///< one line per series, points with error bars (`with yerrorlines`)
  bar,   ///< clustered histogram: one group of bars per x value, one colour per series
};

/// "line" or "bar"; any other name is a one-line std::invalid_argument.
FigureKind figure_kind_of(const std::string& name);

enum class FigureFormat { png, svg };

/// The format an output path asks for by its extension (.png or .svg, any case); any other
/// extension is a one-line std::invalid_argument.
FigureFormat figure_format_of(const std::string& path);

/// A figure of aggregated series as a self-contained gnuplot script: terminal settings, the data
/// inline in `$dataN << EOD` blocks (one per series), then a single `plot` command.
/// An axis label: the column with its unit when hbcast's columns have one ("simulated_makespan (s)",
/// "message_bytes (bytes)", "pairwise_throughput (bytes/s)", "error_vs_pairwise (ratio, no unit)").
std::string axis_label(const std::string& column);

class GnuplotFigure {
public:
  /// An empty `title` gives "METRIC vs X"; the statistics (runs, what the bars are) are always
  /// stated on a second title line.
  GnuplotFigure(SeriesSet data, FigureKind kind, std::string title);

  /// With `output_path`, the script writes the figure there (`set output`), which is the form
  /// saved for users; without it gnuplot writes the image on its standard output.
  std::string script(FigureFormat format, const std::optional<std::string>& output_path) const;

private:
  std::string settings(FigureFormat format, const std::optional<std::string>& output_path) const;
  bool all_bars_nonnegative() const;
  std::size_t longest_label() const;
  std::string data_block(std::size_t series_index) const;
  std::string plot_command() const;

  SeriesSet data_;
  FigureKind kind_;
  std::string title_;
};

}  // namespace hbcast::cli
