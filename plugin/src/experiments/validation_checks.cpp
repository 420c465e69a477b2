#include <hbcast/experiments/validation_checks.hpp>

#include <hbcast/experiments/baseline_checks.hpp>
#include <hbcast/experiments/check_fields.hpp>
#include <hbcast/report/series_statistics.hpp>
#include <hbcast/sweep/yaml_file.hpp>
#include <hbcast/util/number_parsing.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

namespace hbcast::cli {
namespace {

// A row counts unless its status column says it did not run (model-level tables have none).
bool ok_unless_status_says_otherwise(const ResultsTable& results, std::size_t row)
{
  auto status = results.find_column("status");
  return !status || results.cell(row, *status) == "ok";
}

std::vector<double> values(const ResultsTable& results, const std::string& column, const YAML::Node& where,
                           const std::string& case_path)
{
  const std::size_t index = results.column(column);
  std::vector<std::pair<std::size_t, std::vector<std::string>>> filters;  // column, accepted values
  if (where)
    for (const auto& entry : where)
      filters.emplace_back(results.column(entry.first.as<std::string>()),
                           scalar_or_list(entry.second, case_path, "where"));
  std::vector<double> found;
  for (std::size_t row = 0; row < results.row_count(); ++row) {
    if (!ok_unless_status_says_otherwise(results, row))
      continue;
    bool match = true;
    for (const auto& [filter_column, accepted] : filters)
      match = match && std::find(accepted.begin(), accepted.end(), results.cell(row, filter_column)) != accepted.end();
    if (!match || results.cell(row, index).empty())  // empty: not applicable (e.g. a period when atomic)
      continue;
    auto value = parse_number(results.cell(row, index));
    if (!value)
      throw std::invalid_argument(column + " is not a number in " + results.describe_row(row));
    found.push_back(*value);
  }
  return found;
}

std::string where_text(const YAML::Node& where, const std::string& case_path)
{
  std::string text;
  if (where)
    for (const auto& entry : where)
      text += fmt::format("{}{} = {}", text.empty() ? " where " : ", ", entry.first.as<std::string>(),
                          fmt::join(scalar_or_list(entry.second, case_path, "where"), "|"));
  return text;
}

CheckResult check_all_ok(const ResultsTable& results)
{
  std::size_t ok = 0;
  for (std::size_t row = 0; row < results.row_count(); ++row)
    ok += ok_unless_status_says_otherwise(results, row);
  return {"every point ran", fmt::format("{} of {} ok", ok, results.row_count()), "all",
          ok == results.row_count() && ok > 0 ? Verdict::pass : Verdict::fail, ""};
}

CheckResult check_max_abs(const ResultsTable& results, const YAML::Node& check, const std::string& path)
{
  const std::string column = check_text(check, "column", path);
  const double bound = check_number(check, "at_most", path);
  double worst = 0.0;
  for (double value : values(results, column, check["where"], path))
    worst = std::max(worst, std::abs(value));
  return {fmt::format("max |{}|{}", column, where_text(check["where"], path)), fmt::format("{:.3g}", worst),
          fmt::format("<= {:g}", bound), worst <= bound ? Verdict::pass : Verdict::fail, ""};
}

CheckResult check_mean(const ResultsTable& results, const YAML::Node& check, const std::string& path)
{
  const std::string column = check_text(check, "column", path);
  const auto sample = values(results, column, check["where"], path);
  CheckResult result{fmt::format("mean {}{}", column, where_text(check["where"], path)), "no rows", "", Verdict::fail, ""};
  if (sample.empty()) {  // e.g. a published size that only the --full form runs
    result.measured = "no rows in this form (run --full)";
    result.published = check["published"] ? check_text(check, "published", path)
                       : check["at_least"] ? ">= " + check_text(check, "at_least", path)
                                           : "<= " + check_text(check, "at_most", path);
    result.verdict = Verdict::report;
    return result;
  }
  const double mean = summarize_sample(sample).mean;
  result.measured = fmt::format("{:.4g} (n = {})", mean, sample.size());
  if (check["published"]) {
    const double published = check_number(check, "published", path), tolerance = check_number(check, "tolerance", path);
    result.published = fmt::format("{:g} +- {:g}", published, tolerance);
    result.verdict = std::abs(mean - published) <= tolerance ? Verdict::pass : Verdict::fail;
  } else if (check["at_least"]) {
    const double bound = check_number(check, "at_least", path);
    result.published = fmt::format(">= {:g}", bound);
    result.verdict = mean >= bound ? Verdict::pass : Verdict::fail;
  } else {
    const double bound = check_number(check, "at_most", path);
    result.published = fmt::format("<= {:g}", bound);
    result.verdict = mean <= bound ? Verdict::pass : Verdict::fail;
  }
  // A comparison whose difference the case explains with data rather than asserts away.
  if (check["report_only"] && check["report_only"].as<bool>()) {
    result.measured += result.verdict == Verdict::pass ? ", within" : ", outside";
    result.verdict = Verdict::report;
  }
  return result;
}

// Mean of `column` per (by value, x value), with the table as Markdown.
struct MeanGrid {
  SeriesSet set;
  std::map<std::pair<std::string, std::string>, double> mean;  // (series name, x label)
  std::string markdown;
};

MeanGrid mean_grid(const ResultsTable& results, const std::string& column, const std::string& x, const std::string& by)
{
  MeanGrid grid{summarize_series(results, {x, column, by, ErrorBars::min_max}), {}, ""};
  grid.markdown = "| " + by + " \\ " + x + " |";
  for (const auto& label : grid.set.x_labels)
    grid.markdown += " " + label + " |";
  grid.markdown += "\n|---|";
  for (std::size_t k = 0; k < grid.set.x_labels.size(); ++k)
    grid.markdown += "---|";
  grid.markdown += "\n";
  for (const auto& series : grid.set.series) {
    grid.markdown += "| " + series.name + " |";
    std::size_t next = 0;
    for (const auto& point : series.points) {
      for (; next < point.x_index; ++next)
        grid.markdown += " |";
      grid.markdown += fmt::format(" {:.4g} |", point.summary.mean);
      grid.mean[{series.name, grid.set.x_labels[point.x_index]}] = point.summary.mean;
      next = point.x_index + 1;
    }
    for (; next < grid.set.x_labels.size(); ++next)
      grid.markdown += " |";
    grid.markdown += "\n";
  }
  return grid;
}

CheckResult check_ordering(const ResultsTable& results, const YAML::Node& check, const std::string& path)
{
  const std::string column = check_text(check, "column", path), x = check_text(check, "x", path), by = check_text(check, "by", path);
  if (!check["order"] || !check["order"].IsSequence() || check["order"].size() < 2)
    fail_check(path, check, "'order' must list at least two values of '" + by + "'");
  std::vector<std::string> order;
  for (const auto& item : check["order"])
    order.push_back(item.as<std::string>());
  const MeanGrid grid = mean_grid(results, column, x, by);
  CheckResult result{fmt::format("mean {} non-decreasing along {} at every {}", column, fmt::join(order, " <= "), x),
                     "", "holds at every " + x, Verdict::pass, grid.markdown};
  for (const auto& label : grid.set.x_labels) {
    for (std::size_t k = 0; k + 1 < order.size(); ++k) {
      auto lower = grid.mean.find({by + "=" + order[k], label}), upper = grid.mean.find({by + "=" + order[k + 1], label});
      if (lower == grid.mean.end() || upper == grid.mean.end())
        fail_check(path, check, "no rows for " + by + " '" + order[k] + "' or '" + order[k + 1] + "' at " + x + " " + label);
      if (lower->second > upper->second && result.verdict == Verdict::pass) {
        result.verdict = Verdict::fail;
        result.measured = fmt::format("fails at {} = {}: {} {:.4g} > {} {:.4g}", x, label, order[k], lower->second,
                                      order[k + 1], upper->second);
      }
    }
  }
  if (result.verdict == Verdict::pass)
    result.measured = fmt::format("holds at all {} values", grid.set.x_labels.size());
  return result;
}

CheckResult check_report(const ResultsTable& results, const YAML::Node& check, const std::string& path)
{
  const std::string column = check_text(check, "column", path), x = check_text(check, "x", path), by = check_text(check, "by", path);
  const MeanGrid grid = mean_grid(results, column, x, by);
  return {fmt::format("mean {} by {} and {}", column, by, x), "see table", "(reported, no verdict)", Verdict::report,
          grid.markdown};
}

}  // namespace

std::vector<CheckResult> evaluate_checks(const ResultsTable& results, const YAML::Node& expectations,
                                         const std::string& case_path)
{
  std::vector<CheckResult> checks;
  for (const auto& check : expectations) {
    const std::string kind = check_text(check, "check", case_path);
    if (kind == "all_ok")
      checks.push_back(check_all_ok(results));
    else if (kind == "max_abs")
      checks.push_back(check_max_abs(results, check, case_path));
    else if (kind == "mean")
      checks.push_back(check_mean(results, check, case_path));
    else if (kind == "ordering")
      checks.push_back(check_ordering(results, check, case_path));
    else if (kind == "report")
      checks.push_back(check_report(results, check, case_path));
    else if (kind == "best_ratio")
      checks.push_back(check_best_ratio(results, check, case_path));
    else if (kind == "relative_difference")
      checks.push_back(check_relative_difference(results, check, case_path));
    else if (kind == "ratio_to_best")
      checks.push_back(check_ratio_to_best(results, check, case_path));
    else
      fail_check(case_path, check["check"],
           "unknown check '" + kind + "' (all_ok, max_abs, mean, ordering, report, best_ratio, relative_difference, ratio_to_best)");
  }
  return checks;
}

std::string to_string(Verdict verdict)
{
  return verdict == Verdict::pass ? "PASS" : verdict == Verdict::fail ? "FAIL" : "REPORT";
}

}  // namespace hbcast::cli
