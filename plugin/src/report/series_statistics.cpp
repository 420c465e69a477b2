#include <hbcast/report/series_statistics.hpp>

#include <hbcast/util/number_parsing.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>

namespace hbcast::cli {
namespace {

// t(0.975, dof) for dof = 1..30, to 4 decimals (standard tables; re-derived by integrating the t
// density numerically). Index 0 is unused.
constexpr double kStudentT975[31] = {
    0,      12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281,
    2.2010, 2.1788,  2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860, 2.0796,
    2.0739, 2.0687,  2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423,
};
constexpr double kNormal975 = 1.96;

// The distinct values of one column over the kept rows, in axis (or legend) order.
struct DistinctValues {
  bool numeric = true;
  std::vector<std::string> labels;
  std::vector<double> values;            // when numeric
  std::vector<std::size_t> index_of_row; // parallel to the kept rows
};

DistinctValues distinct_values(const ResultsTable& table, std::size_t column, const std::vector<std::size_t>& rows)
{
  DistinctValues distinct;
  std::vector<double> numbers;
  for (std::size_t row : rows) {
    auto number = parse_number(table.cell(row, column));
    distinct.numeric = distinct.numeric && number.has_value();
    numbers.push_back(number.value_or(0));
  }
  if (distinct.numeric) {
    std::map<double, std::string> first_text;  // "1e3" and "1000" are one value, labelled as first seen
    for (std::size_t k = 0; k < rows.size(); ++k)
      first_text.emplace(numbers[k], table.cell(rows[k], column));
    for (const auto& [value, text] : first_text) {
      distinct.values.push_back(value);
      distinct.labels.push_back(text);
    }
    for (double number : numbers)
      distinct.index_of_row.push_back(
          std::lower_bound(distinct.values.begin(), distinct.values.end(), number) - distinct.values.begin());
  } else {
    std::map<std::string, std::size_t> index_of_text;
    for (std::size_t row : rows) {
      const std::string& text = table.cell(row, column);
      auto [entry, inserted] = index_of_text.emplace(text, distinct.labels.size());
      if (inserted)
        distinct.labels.push_back(text);
      distinct.index_of_row.push_back(entry->second);
    }
  }
  return distinct;
}

// Rows to plot: successful runs (the sweep marks failures and timeouts in `status`) that have a
// y value. An empty cell means "not applicable" in sweep results (a period when the message is
// atomic), so such rows are left out rather than rejected.
std::vector<std::size_t> plotted_rows(const ResultsTable& table, std::size_t y_column)
{
  std::vector<std::size_t> rows;
  const auto status = table.find_column("status");
  bool any_ok = false;
  for (std::size_t row = 0; row < table.row_count(); ++row) {
    if (status && table.cell(row, *status) != "ok")
      continue;
    any_ok = true;
    if (table.cell(row, y_column).find_first_not_of(" \t") != std::string::npos)
      rows.push_back(row);
  }
  const std::string source = "'" + table.source_name() + "'";
  if (table.row_count() == 0)
    throw std::invalid_argument(source + " has no data row");
  if (!any_ok)
    throw std::invalid_argument("no row of " + source + " has status 'ok'");
  if (rows.empty())
    throw std::invalid_argument("column '" + table.columns()[y_column] + "' is empty in every " +
                                (status ? "ok row" : "row") + " of " + source);
  return rows;
}

std::vector<double> y_values(const ResultsTable& table, std::size_t column, const std::vector<std::size_t>& rows)
{
  std::vector<double> values;
  for (std::size_t row : rows) {
    const std::string& text = table.cell(row, column);
    auto number = parse_number(text);
    if (!number)
      throw std::invalid_argument("'" + table.source_name() + "' " + table.describe_row(row) + ": column '" +
                                  table.columns()[column] + "' is '" + text + "', not a number");
    values.push_back(*number);
  }
  return values;
}

SeriesPoint point_of(std::size_t x_index, const std::vector<double>& sample, ErrorBars error_bars)
{
  SeriesPoint point;
  point.x_index = x_index;
  point.summary = summarize_sample(sample);
  const auto& s = point.summary;
  point.low = error_bars == ErrorBars::min_max ? s.min : s.mean - s.ci95_half_width;
  point.high = error_bars == ErrorBars::min_max ? s.max : s.mean + s.ci95_half_width;
  return point;
}

}  // namespace

double student_t_quantile_975(std::size_t degrees_of_freedom)
{
  if (degrees_of_freedom == 0)
    throw std::invalid_argument("a confidence interval needs at least 2 observations");
  return degrees_of_freedom <= 30 ? kStudentT975[degrees_of_freedom] : kNormal975;
}

SampleSummary summarize_sample(const std::vector<double>& values)
{
  if (values.empty())
    throw std::invalid_argument("cannot summarize an empty sample");
  SampleSummary summary;
  summary.count = values.size();
  summary.min = *std::min_element(values.begin(), values.end());
  summary.max = *std::max_element(values.begin(), values.end());
  double sum = 0;
  for (double value : values)
    sum += value;
  summary.mean = sum / values.size();
  if (values.size() < 2)
    return summary;
  double squares = 0;  // second pass around the mean: no cancellation on large, close values
  for (double value : values)
    squares += (value - summary.mean) * (value - summary.mean);
  summary.standard_deviation = std::sqrt(squares / (values.size() - 1));
  summary.ci95_half_width = student_t_quantile_975(values.size() - 1) * summary.standard_deviation /
                            std::sqrt(static_cast<double>(values.size()));
  return summary;
}

SeriesSet summarize_series(const ResultsTable& table, const SeriesRequest& request)
{
  const std::size_t x_column = table.column(request.x_column);
  const std::size_t y_column = table.column(request.y_column);
  const bool grouped = !request.by_column.empty();
  const std::size_t by_column = grouped ? table.column(request.by_column) : 0;
  const auto rows = plotted_rows(table, y_column);
  const auto y = y_values(table, y_column, rows);
  const auto x = distinct_values(table, x_column, rows);

  SeriesSet set;
  set.x_column = request.x_column;
  set.y_column = request.y_column;
  set.error_bars = request.error_bars;
  set.numeric_x = x.numeric;
  set.x_labels = x.labels;
  set.x_values = x.values;

  std::vector<std::string> series_names{request.y_column};
  std::vector<std::size_t> series_of_row(rows.size(), 0);
  if (grouped) {
    const auto by = distinct_values(table, by_column, rows);
    series_names.clear();
    for (const auto& label : by.labels)
      series_names.push_back(request.by_column + "=" + label);
    series_of_row = by.index_of_row;
  }

  // samples[series][x]: the repetitions behind each point.
  std::vector<std::vector<std::vector<double>>> samples(series_names.size(),
                                                         std::vector<std::vector<double>>(x.labels.size()));
  for (std::size_t k = 0; k < rows.size(); ++k)
    samples[series_of_row[k]][x.index_of_row[k]].push_back(y[k]);

  set.fewest_runs = rows.size();
  for (std::size_t s = 0; s < series_names.size(); ++s) {
    Series series{series_names[s], {}};
    for (std::size_t i = 0; i < x.labels.size(); ++i) {
      if (samples[s][i].empty())
        continue;
      series.points.push_back(point_of(i, samples[s][i], request.error_bars));
      set.fewest_runs = std::min(set.fewest_runs, samples[s][i].size());
      set.most_runs = std::max(set.most_runs, samples[s][i].size());
    }
    set.series.push_back(std::move(series));
  }
  return set;
}

std::string describe_statistics(const SeriesSet& set)
{
  std::string runs = std::to_string(set.fewest_runs);
  if (set.most_runs != set.fewest_runs)
    runs += "-" + std::to_string(set.most_runs);
  runs += set.most_runs == 1 ? " run" : " runs";
  const char* bars = set.error_bars == ErrorBars::min_max ? "min-max" : "95% CI of the mean (Student t)";
  std::string text = std::string("mean over ") + runs + ", bars: " + bars;
  for (std::size_t k = 0; k < set.where.size(); ++k)
    text += (k == 0 ? "; rows where " : ", ") + set.where[k];
  return text;
}

}  // namespace hbcast::cli
