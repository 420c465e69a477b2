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
#include <set>

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

// Why a check has nothing to judge.
CheckResult no_rows(CheckResult result)
{
  result.verdict = Verdict::fail;
  result.measured = "no rows";
  return result;
}

// The smallest value, for a target every row must meet (e.g. every platform's ratio).
CheckResult check_min(const ResultsTable& results, const YAML::Node& check, const std::string& path)
{
  const std::string column = check_text(check, "column", path);
  const double bound = check_number(check, "at_least", path);
  const auto sample = values(results, column, check["where"], path);
  CheckResult result{fmt::format("min {}{}", column, where_text(check["where"], path)), "", fmt::format(">= {:g}", bound),
                     Verdict::fail, ""};
  if (sample.empty())
    return no_rows(std::move(result));
  double lowest = INFINITY;
  for (double value : sample)
    lowest = std::isnan(value) || std::isnan(lowest) ? NAN : std::min(lowest, value);
  result.measured = fmt::format("{:.4g} (n = {})", lowest, sample.size());
  result.verdict = lowest >= bound ? Verdict::pass : Verdict::fail;  // a NaN fails
  return result;
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
  const auto sample = values(results, column, check["where"], path);
  CheckResult result{fmt::format("max |{}|{}", column, where_text(check["where"], path)), "", fmt::format("<= {:g}", bound),
                     Verdict::fail, ""};
  if (sample.empty())
    return no_rows(std::move(result));
  double worst = 0.0;
  for (double value : sample)
    worst = std::isnan(value) ? value : std::isnan(worst) ? worst : std::max(worst, std::abs(value));
  result.measured = fmt::format("{:.3g} (n = {})", worst, sample.size());
  result.verdict = worst <= bound ? Verdict::pass : Verdict::fail;  // a NaN fails
  return result;
}

CheckResult check_mean(const ResultsTable& results, const YAML::Node& check, const std::string& path)
{
  const std::string column = check_text(check, "column", path);
  const auto sample = values(results, column, check["where"], path);
  CheckResult result{fmt::format("mean {}{}", column, where_text(check["where"], path)), "", "", Verdict::fail, ""};
  if (check["published"]) {
    const double published = check_number(check, "published", path), tolerance = check_number(check, "tolerance", path);
    result.published = fmt::format("{:g} +- {:g}", published, tolerance);
  } else if (check["at_least"]) {
    result.published = fmt::format(">= {:g}", check_number(check, "at_least", path));
  } else {
    result.published = fmt::format("<= {:g}", check_number(check, "at_most", path));
  }
  if (sample.empty())
    return no_rows(std::move(result));
  const double mean = summarize_sample(sample).mean;
  result.measured = fmt::format("{:.4g} (n = {})", mean, sample.size());
  bool holds = false;  // false for a NaN mean
  if (check["published"])
    holds = std::abs(mean - check_number(check, "published", path)) <= check_number(check, "tolerance", path);
  else if (check["at_least"])
    holds = mean >= check_number(check, "at_least", path);
  else
    holds = mean <= check_number(check, "at_most", path);
  result.verdict = holds ? Verdict::pass : Verdict::fail;
  // A published figure that cannot be judged here: the comparison is shown, with the reason.
  if (check["report_only"]) {
    result.measured += holds ? ", within" : ", outside";
    result.verdict = Verdict::report;
    result.note = check["report_only"].as<std::string>();
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
  CheckResult result{fmt::format("mean {} non-decreasing along {} at every {}", column, fmt::join(order, " <= "), x),
                     "", "holds at every " + x, Verdict::pass};
  if (values(results, column, YAML::Node(), path).empty())
    return no_rows(std::move(result));
  const MeanGrid grid = mean_grid(results, column, x, by);
  result.table = grid.markdown;
  for (const auto& label : grid.set.x_labels) {
    for (std::size_t k = 0; k + 1 < order.size(); ++k) {
      auto lower = grid.mean.find({by + "=" + order[k], label}), upper = grid.mean.find({by + "=" + order[k + 1], label});
      if (lower == grid.mean.end() || upper == grid.mean.end()) {
        if (result.verdict == Verdict::pass) {
          result.verdict = Verdict::fail;
          result.measured = "no rows for " + by + " '" + (lower == grid.mean.end() ? order[k] : order[k + 1]) +
                            "' at " + x + " = " + label;
        }
        continue;
      }
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
  CheckResult result{fmt::format("mean {} by {} and {}", column, by, x), "see table", "(reported, no verdict)",
                     Verdict::report};
  if (values(results, column, YAML::Node(), path).empty())
    return no_rows(std::move(result));
  result.table = mean_grid(results, column, x, by).markdown;
  return result;
}

// The keys each check kind accepts beyond `check` and `known_gap`, and those it needs.
struct CheckKind {
  const char* name;
  std::set<std::string> keys;
  std::vector<std::string> required;
  bool judges = true;  ///< false: a table without a verdict
};

const std::vector<CheckKind>& check_kinds()
{
  static const std::vector<CheckKind> kinds = {
      {"all_ok", {}, {}},
      {"max_abs", {"column", "where", "at_most"}, {"column", "at_most"}},
      {"min", {"column", "where", "at_least"}, {"column", "at_least"}},
      {"mean", {"column", "where", "published", "tolerance", "at_least", "at_most", "report_only"}, {"column"}},
      {"ordering", {"column", "x", "by", "order"}, {"column", "x", "by", "order"}},
      {"report", {"column", "x", "by"}, {"column", "x", "by"}, false},
      {"best_ratio", {"x", "column", "tree_column", "at_most"}, {"x", "at_most"}},
      {"relative_difference", {"column", "of", "to", "x", "where", "at_least", "at_most"},
       {"column", "of", "to", "x", "at_least", "at_most"}},
      {"ratio_to_best", {"column", "of", "against", "x", "where", "at_most"}, {"of", "against", "x", "at_most"}},
  };
  return kinds;
}

std::string kind_names()
{
  std::vector<std::string> names;
  for (const auto& kind : check_kinds())
    names.emplace_back(kind.name);
  return fmt::format("{}", fmt::join(names, ", "));
}

bool is_reason(const YAML::Node& node)
{
  const std::string text = node.IsScalar() ? node.as<std::string>() : "";
  return !(text.empty() || text == "true" || text == "false" || text == "yes" || text == "no");
}

// A reason given as text: not empty, and not a bare yes or no. A known gap may be one form's
// only: {fast: "<why>"} or {full: "<why>"} (a claim the published sizes miss and the fast form meets).
void require_reason(const YAML::Node& check, const char* key, const std::string& path)
{
  const YAML::Node reason = check[key];
  if (std::string(key) == "known_gap" && reason.IsMap() && reason.size() > 0) {
    for (const auto& entry : reason)
      if (const auto form = entry.first.as<std::string>(); (form != "fast" && form != "full") || !is_reason(entry.second))
        fail_check(path, reason, "'known_gap' is a reason, or {fast: reason, full: reason}");
    return;
  }
  if (!is_reason(reason))
    fail_check(path, reason, std::string("'") + key + "' needs its reason, as text");
}

void check_mean_bound(const YAML::Node& check, const std::string& path)
{
  const int forms = static_cast<int>(static_cast<bool>(check["published"])) + static_cast<bool>(check["at_least"]) +
                    static_cast<bool>(check["at_most"]);
  if (forms != 1)
    fail_check(path, check, "a mean check needs one bound: 'published' with 'tolerance', 'at_least' or 'at_most'");
  if (static_cast<bool>(check["published"]) != static_cast<bool>(check["tolerance"]))
    fail_check(path, check, "'published' and 'tolerance' go together");
  for (const char* key : {"published", "tolerance", "at_least", "at_most"})
    if (check[key])
      check_number(check, key, path);
}

void check_experiment_entry(const YAML::Node& check, const std::string& path)
{
  for (const auto& entry : check)
    if (const auto key = entry.first.as<std::string>(); key != "check" && key != "description" && key != "known_gap")
      fail_check(path, entry.first, "unknown key '" + key + "' (an experiment's check takes description and known_gap)");
  check_text(check, "description", path);
  if (!check["known_gap"])
    fail_check(path, check, "an experiment's entry lists a known gap: it needs 'known_gap'");
  require_reason(check, "known_gap", path);
}

CheckResult with_known_gap(CheckResult result, const std::string& why)
{
  if (result.measured == "no rows") {  // a known gap is a measured shortfall, never a missing measurement
    result.note = "a known gap (" + why + ") with nothing measured";
  } else if (result.verdict == Verdict::fail) {
    result.known_gap = true;
    result.note = why;
  } else if (result.verdict == Verdict::pass) {
    result.verdict = Verdict::fail;
    result.note = "listed as a known gap (" + why + ") but it passes: take it off the list";
  }
  return result;
}

// Refuses a malformed sweep check; true when it gives a verdict.
bool check_one_expectation(const YAML::Node& check, const std::string& case_path)
{
  if (!check.IsMap())
    fail_check(case_path, check, "each check is a mapping with a 'check' key");
  const std::string kind = check_text(check, "check", case_path);
  const auto found = std::find_if(check_kinds().begin(), check_kinds().end(),
                                  [&](const CheckKind& known) { return kind == known.name; });
  if (found == check_kinds().end())
    fail_check(case_path, check["check"], "unknown check '" + kind + "' (" + kind_names() + ")");
  for (const auto& entry : check) {
    const auto key = entry.first.as<std::string>();
    if (key != "check" && key != "known_gap" && found->keys.count(key) == 0)
      fail_check(case_path, entry.first, "unknown key '" + key + "' in a " + kind + " check");
  }
  for (const auto& key : found->required)
    if (!check[key])
      fail_check(case_path, check, "a " + kind + " check needs '" + key + "'" + (key == "at_most" ? " (its bound)" : ""));
  if (kind == "mean")
    check_mean_bound(check, case_path);
  for (const char* key : {"at_most", "at_least"})
    if (check[key])
      check_number(check, key, case_path);
  if (check["report_only"])
    require_reason(check, "report_only", case_path);
  const bool gives_verdict = found->judges && !check["report_only"];
  if (check["known_gap"]) {
    require_reason(check, "known_gap", case_path);
    if (!gives_verdict)
      fail_check(case_path, check["known_gap"], "a known gap needs a check that gives a verdict");
  }
  return gives_verdict;
}

}  // namespace

void check_expectations(const YAML::Node& expectations, const std::string& case_path, bool built_in)
{
  if (!expectations || !expectations.IsSequence())
    fail_check(case_path, expectations, "expected a list of checks");
  bool judged = false;
  for (const auto& check : expectations) {
    if (built_in) {
      if (!check.IsMap() || check_text(check, "check", case_path) != "experiment")
        fail_check(case_path, check, "a built-in experiment judges its own checks: list only its known gaps, "
                                     "as {check: experiment, description, known_gap}");
      check_experiment_entry(check, case_path);
      continue;
    }
    judged = check_one_expectation(check, case_path) || judged;
  }
  if (!built_in && !judged)
    fail_check(case_path, expectations, "no check gives a verdict (a case needs at least one bounded check)");
}

std::vector<CheckResult> evaluate_checks(const ResultsTable& results, const YAML::Node& expectations,
                                         const std::string& case_path)
try {
  if (!expectations.IsSequence())
    fail_check(case_path, expectations, "expected a list of checks");
  std::vector<CheckResult> checks;
  for (const auto& check : expectations) {
    check_one_expectation(check, case_path);
    const std::string kind = check_text(check, "check", case_path);
    CheckResult result;
    if (kind == "all_ok")
      result = check_all_ok(results);
    else if (kind == "max_abs")
      result = check_max_abs(results, check, case_path);
    else if (kind == "mean")
      result = check_mean(results, check, case_path);
    else if (kind == "min")
      result = check_min(results, check, case_path);
    else if (kind == "ordering")
      result = check_ordering(results, check, case_path);
    else if (kind == "report")
      result = check_report(results, check, case_path);
    else if (kind == "best_ratio")
      result = check_best_ratio(results, check, case_path);
    else if (kind == "relative_difference")
      result = check_relative_difference(results, check, case_path);
    else
      result = check_ratio_to_best(results, check, case_path);
    checks.push_back(check["known_gap"] ? with_known_gap(std::move(result), check["known_gap"].as<std::string>())
                                        : std::move(result));
  }
  return checks;
} catch (const YAML::Exception& error) {
  throw yaml_exception_error(case_path, error);
}

std::vector<CheckResult> apply_known_gaps(std::vector<CheckResult> checks, const YAML::Node& expectations,
                                          const std::string& case_path)
try {
  check_expectations(expectations, case_path, true);
  for (const auto& entry : expectations) {
    const std::string description = entry["description"].as<std::string>();
    const auto found = std::find_if(checks.begin(), checks.end(),
                                    [&](const CheckResult& check) { return check.description == description; });
    if (found == checks.end()) {
      checks.emplace_back(description, "no such check in this experiment", "", Verdict::fail);
      continue;
    }
    if (found->verdict == Verdict::report)
      fail_check(case_path, entry["known_gap"], "'" + description + "' gives no verdict: it cannot be a known gap");
    *found = with_known_gap(std::move(*found), entry["known_gap"].as<std::string>());
  }
  return checks;
} catch (const YAML::Exception& error) {
  throw yaml_exception_error(case_path, error);
}

YAML::Node known_gaps_of_form(const YAML::Node& expectations, bool full)
{
  YAML::Node resolved(YAML::NodeType::Sequence);
  for (const auto& entry : expectations) {
    YAML::Node check = YAML::Clone(entry);
    if (check.IsMap() && check["known_gap"] && check["known_gap"].IsMap()) {
      const YAML::Node reason = check["known_gap"][full ? "full" : "fast"];
      if (reason)
        check["known_gap"] = reason.as<std::string>();
      else if (check["check"].as<std::string>() == "experiment")
        continue;  // an experiment's entry is a known gap and nothing else
      else
        check.remove("known_gap");
    }
    resolved.push_back(check);
  }
  return resolved;
}

bool counts_as_failure(const CheckResult& check)
{
  return check.verdict == Verdict::fail && !check.known_gap;
}

std::string to_string(Verdict verdict)
{
  return verdict == Verdict::pass ? "PASS" : verdict == Verdict::fail ? "FAIL" : "REPORT";
}

std::string verdict_text(const CheckResult& check)
{
  return check.known_gap ? "FAIL (known gap)" : to_string(check.verdict);
}

}  // namespace hbcast::cli
