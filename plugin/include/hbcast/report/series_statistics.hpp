#pragma once
#include <hbcast/report/results_table.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hbcast::cli {

/// What the error bars of a plotted mean show.
enum class ErrorBars {
  min_max,  ///< smallest and largest observation
  ci95,     ///< two-sided 95% confidence interval of the mean (Student t, n-1 degrees of freedom)
};

/// The 0.975 quantile of Student's t distribution, i.e. the factor of a two-sided 95% interval.
/// Tabulated to 4 decimals for 1..30 degrees of freedom; beyond 30 the normal 1.96 (which
/// underestimates slightly: 2.021 at 40, 2.000 at 60, 1.980 at 120). Zero degrees: throws.
double student_t_quantile_975(std::size_t degrees_of_freedom);

/// Summary of the repetitions behind one plotted point.
struct SampleSummary {
  std::size_t count = 0;
  double mean = 0;
  double min = 0;
  double max = 0;
  double standard_deviation = 0;  ///< sample (n-1) standard deviation; 0 when count == 1
  double ci95_half_width = 0;     ///< t(0.975, n-1) * s / sqrt(n); 0 when count == 1 (no spread known)
};

/// Summarizes a non-empty sample; throws std::invalid_argument when empty.
SampleSummary summarize_sample(const std::vector<double>& values);

/// One plotted point: the x position (an index into SeriesSet::x_labels) and its statistics.
struct SeriesPoint {
  std::size_t x_index = 0;
  SampleSummary summary;
  double low = 0;   ///< lower end of the error bar (min, or mean - half-width)
  double high = 0;  ///< upper end of the error bar
};

/// One line or one bar colour: points sorted by x_index, absent where the series has no row.
struct Series {
  std::string name;  ///< "COLUMN=value" with --by, else the metric's name
  std::vector<SeriesPoint> points;
};

/// What to plot from a results table.
struct SeriesRequest {
  std::string x_column;
  std::string y_column;
  std::string by_column;  ///< empty: a single series
  ErrorBars error_bars = ErrorBars::min_max;
};

/// The aggregated figure content, independent of how it is drawn.
struct SeriesSet {
  std::string x_column;
  std::string y_column;
  ErrorBars error_bars = ErrorBars::min_max;
  bool numeric_x = false;            ///< every x is a number: sorted numerically, plotted at x_values
  std::vector<std::string> x_labels; ///< distinct x values in axis order, as first written in the file
  std::vector<double> x_values;      ///< their numeric values when numeric_x
  std::vector<Series> series;
  std::size_t fewest_runs = 0;       ///< smallest and largest repetition count over all points
  std::size_t most_runs = 0;
  /// The rows the table was filtered to, as the user wrote them ("port=one-port"), for the title.
  std::vector<std::string> where;
};

/// Groups the rows of `table` whose `status` is "ok" (all rows when there is no status column)
/// and whose y cell is not empty (empty means "not applicable" in sweep results) by (series, x),
/// and summarizes the y values of each group. Distinct x and --by values are ordered numerically
/// when they are all numbers, else by first appearance. A missing column, a non-numeric y in a
/// plotted row, or nothing left to plot is a one-line std::invalid_argument.
SeriesSet summarize_series(const ResultsTable& table, const SeriesRequest& request);

/// "mean over 4 runs, bars: min-max" (or "2-4 runs", "bars: 95% CI of the mean (Student t)"), then
/// the rows kept, "; rows where port=one-port, slices=1", when the table was filtered.
std::string describe_statistics(const SeriesSet& set);

}  // namespace hbcast::cli
