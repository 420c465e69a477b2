#include <hbcast/experiments/baseline_checks.hpp>

#include <hbcast/experiments/check_fields.hpp>
#include <hbcast/sweep/yaml_file.hpp>
#include <hbcast/util/number_parsing.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <utility>
#include <vector>

namespace hbcast::cli {
namespace {

bool is_mpi_row(const ResultsTable& results, std::size_t row)
{
  return results.cell(row, results.column("scheduler")).rfind("mpi:", 0) == 0;
}

// Baseline rows always carry a status: a row counts only when it ran.
bool status_is_ok(const ResultsTable& results, std::size_t row)
{
  return results.cell(row, results.column("status")) == "ok";
}

std::vector<std::string> group_columns(const YAML::Node& check, const std::string& case_path)
{
  if (!check["x"])
    fail_check(case_path, check, "this check needs 'x' (a column or a list of columns)");
  std::vector<std::string> columns = scalar_or_list(check["x"], case_path, "x");
  columns.push_back("repetition");
  return columns;
}

using GroupKey = std::vector<std::string>;  // the row's cells in the grouping columns

GroupKey group_key(const ResultsTable& results, std::size_t row, const std::vector<std::string>& columns)
{
  GroupKey key;
  for (const auto& column : columns)
    key.push_back(results.cell(row, results.column(column)));
  return key;
}

// An empty cell (an MPI row's slices: the algorithm segments as it does) matches every value.
bool compatible(const GroupKey& row, const GroupKey& group)
{
  for (std::size_t k = 0; k < row.size(); ++k)
    if (!row[k].empty() && row[k] != group[k])
      return false;
  return true;
}

// "message_bytes=4194304, slices=1, repetition=0".
std::string group_label(const GroupKey& key, const std::vector<std::string>& columns)
{
  std::string label;
  for (std::size_t k = 0; k < key.size(); ++k)
    label += (label.empty() ? "" : ", ") + columns[k] + "=" + key[k];
  return label;
}

// The groups: every key of a row without empty cells; a row with empty cells belongs to every
// group it is compatible with (to a group of its own when there is none).
std::map<GroupKey, std::vector<std::size_t>> grouped_rows(const ResultsTable& results,
                                                          const std::vector<std::string>& columns)
{
  std::map<GroupKey, std::vector<std::size_t>> groups;
  std::vector<std::pair<GroupKey, std::size_t>> partial;
  for (std::size_t row = 0; row < results.row_count(); ++row) {
    GroupKey key = group_key(results, row, columns);
    if (std::find(key.begin(), key.end(), "") == key.end())
      groups[key].push_back(row);
    else
      partial.emplace_back(std::move(key), row);
  }
  for (const auto& [key, row] : partial) {
    bool placed = false;
    for (auto& [group, rows] : groups)
      if (compatible(key, group)) {
        rows.push_back(row);
        placed = true;
      }
    if (!placed)
      groups[key].push_back(row);
  }
  return groups;
}

// `where: {column: value}`: only the groups with that value (each column among the grouping ones).
bool group_selected(const GroupKey& key, const std::vector<std::string>& columns, const YAML::Node& where,
                    const std::string& case_path)
{
  if (!where)
    return true;
  for (const auto& entry : where) {
    const auto column = std::find(columns.begin(), columns.end(), entry.first.as<std::string>());
    if (column == columns.end())
      fail_check(case_path, where, "'where' names " + entry.first.as<std::string>() + ", which is not in 'x'");
    if (key[column - columns.begin()] != entry.second.as<std::string>())
      return false;
  }
  return true;
}

struct Best {
  std::string name;
  double value = INFINITY;
};

struct BaselineGroup {
  Best tree, mpi;
  std::vector<std::string> mpi_failed;
  std::vector<std::string> tree_failed;
};

// `tree_column`: where hbcast's rows keep the value compared (e.g. best's plan run in SMPI, beside
// MPI's SMPI times); an hbcast row without it there is not compared. By default `value_column`.
BaselineGroup baseline_group(const ResultsTable& results, const std::vector<std::size_t>& rows, std::size_t value_column,
                             std::size_t tree_column)
{
  BaselineGroup group;
  const std::size_t scheduler = results.column("scheduler"), status = results.column("status");
  for (const std::size_t row : rows) {
    const bool mpi = is_mpi_row(results, row);
    const std::string& name = results.cell(row, scheduler);
    if (results.cell(row, status) == "not-applicable")
      continue;  // e.g. Beaumont-Marchal-Robert's heuristics where hosts have no direct links: not a tree of this platform
    if (!status_is_ok(results, row)) {
      (mpi ? group.mpi_failed : group.tree_failed).push_back(name);
      continue;
    }
    const std::size_t column = mpi ? value_column : tree_column;
    if (column != value_column && results.cell(row, column).empty())
      continue;
    const auto value = parse_number(results.cell(row, column));
    if (!value)
      throw std::invalid_argument(results.columns()[column] + " is not a number in " + results.describe_row(row));
    Best& best = mpi ? group.mpi : group.tree;
    if (!(*value >= best.value))  // a NaN replaces the best, and the check then fails on it
      best = {name, *value};
  }
  return group;
}

std::map<std::string, BaselineGroup> baseline_groups(const ResultsTable& results, const std::string& column,
                                                     const std::string& tree_column,
                                                     const std::vector<std::string>& group_by)
{
  std::map<std::string, BaselineGroup> groups;
  for (const auto& [key, rows] : grouped_rows(results, group_by))
    groups[group_label(key, group_by)] =
        baseline_group(results, rows, results.column(column), results.column(tree_column));
  return groups;
}

std::string ratio_table(const std::map<std::string, BaselineGroup>& groups)
{
  std::string table = "| group | hbcast's best tree | best MPI algorithm | ratio | MPI algorithms that failed |\n"
                      "|---|---|---|---|---|\n";
  for (const auto& [label, group] : groups)
    table += fmt::format("| {} | {} {:.6g} | {} {:.6g} | {:.4g} | {} |\n", label, group.tree.name, group.tree.value,
                         group.mpi.name, group.mpi.value, group.tree.value / group.mpi.value,
                         group.mpi_failed.empty() ? "-" : fmt::format("{}", fmt::join(group.mpi_failed, ", ")));
  return table;
}

// Why a group cannot give a ratio, or nothing.
std::optional<std::string> group_problem(const std::string& label, const BaselineGroup& group)
{
  if (!group.tree_failed.empty())
    return fmt::format("at {}: {} did not run", label, fmt::join(group.tree_failed, ", "));
  if (group.tree.name.empty() || group.mpi.name.empty())
    return fmt::format("at {}: no {} row ran", label, group.tree.name.empty() ? "hbcast" : "MPI");
  for (const double value : {group.tree.value, group.mpi.value})
    if (!(std::isfinite(value) && value > 0.0))
      return fmt::format("at {}: {} is not a positive duration", label, value);
  return std::nullopt;
}

// The ratios of a check's groups: their range, and the verdict against the check's bound.
class RatioRange {
public:
  explicit RatioRange(double bound) : bound_(bound) {}

  void add(double ratio, CheckResult& result)
  {
    lowest_ = std::min(lowest_, ratio);
    highest_ = std::max(highest_, ratio);
    ++count_;
    if (ratio > bound_)
      result.verdict = Verdict::fail;
  }

  // "0.9 to 1.1 (4 groups)", or a failure when no group gave a ratio.
  CheckResult close(CheckResult result) const
  {
    if (count_ == 0) {
      result.verdict = Verdict::fail;
      result.measured = "no rows";
    } else {
      result.measured = count_ == 1 ? fmt::format("{:.4g}", lowest_)
                                    : fmt::format("{:.4g} to {:.4g} ({} groups)", lowest_, highest_, count_);
    }
    return result;
  }

private:
  double bound_;
  double lowest_ = INFINITY, highest_ = 0.0;
  std::size_t count_ = 0;
};

}  // namespace

CheckResult check_best_ratio(const ResultsTable& results, const YAML::Node& check, const std::string& case_path)
{
  const std::string column = check["column"] ? check["column"].as<std::string>() : "simulated_makespan";
  const std::string tree_column = check["tree_column"] ? check["tree_column"].as<std::string>() : column;
  const auto groups = baseline_groups(results, column, tree_column, group_columns(check, case_path));
  const double bound = check_number(check, "at_most", case_path);
  CheckResult result{tree_column == column
                         ? fmt::format("hbcast's best tree / best MPI_Bcast algorithm ({})", column)
                         : fmt::format("hbcast's best ({}) / best MPI_Bcast algorithm ({})", tree_column, column),
                     "",
                     fmt::format("<= {:g} in every group", bound), Verdict::pass, ratio_table(groups)};
  RatioRange range(bound);
  for (const auto& [label, group] : groups) {
    if (auto problem = group_problem(label, group)) {
      result.verdict = Verdict::fail;
      result.measured = *problem;
      return result;
    }
    range.add(group.tree.value / group.mpi.value, result);
  }
  return range.close(std::move(result));
}

CheckResult check_relative_difference(const ResultsTable& results, const YAML::Node& check,
                                      const std::string& case_path)
{
  const std::string column = check_text(check, "column", case_path);
  const std::string of = check_text(check, "of", case_path), to = check_text(check, "to", case_path);
  const double at_least = check_number(check, "at_least", case_path), at_most = check_number(check, "at_most", case_path);
  const auto group_by = group_columns(check, case_path);
  std::map<std::string, std::map<std::string, double>> values;  // group -> scheduler -> value
  const std::size_t value_column = results.column(column), scheduler = results.column("scheduler");
  for (const auto& [key, rows] : grouped_rows(results, group_by))
    for (const std::size_t row : rows) {
      if (!group_selected(key, group_by, check["where"], case_path))
        break;
      const std::string& name = results.cell(row, scheduler);
      if ((name == of || name == to) && status_is_ok(results, row))
        if (const auto value = parse_number(results.cell(row, value_column)))
          values[group_label(key, group_by)][name] = *value;
    }
  CheckResult result{fmt::format("({0}[{1}] - {0}[{2}]) / {0}[{2}]", column, of, to), "",
                     fmt::format("in [{:g}, {:g}]", at_least, at_most), Verdict::pass,
                     "| group | " + of + " | " + to + " | relative difference |\n|---|---|---|---|\n"};
  double lowest = INFINITY, highest = -INFINITY;
  for (const auto& [label, pair] : values) {
    if (pair.size() != 2) {
      result.verdict = Verdict::fail;
      result.measured = fmt::format("at {}: {} did not run", label, pair.count(of) ? to : of);
      return result;
    }
    const double difference = (pair.at(of) - pair.at(to)) / pair.at(to);
    result.table += fmt::format("| {} | {:.9g} | {:.9g} | {:.3g} |\n", label, pair.at(of), pair.at(to), difference);
    lowest = std::min(lowest, difference);
    highest = std::max(highest, difference);
    if (!(difference >= at_least && difference <= at_most))
      result.verdict = Verdict::fail;
  }
  if (values.empty()) {
    result.verdict = Verdict::fail;
    result.measured = "no rows of " + of + " and " + to;
    return result;
  }
  result.measured = fmt::format("{:.3g} to {:.3g}", lowest, highest);
  return result;
}

namespace {

std::vector<std::string> scheduler_list(const YAML::Node& check, const char* key, const std::string& case_path)
{
  if (!check[key])
    fail_check(case_path, check, std::string("this check needs '") + key + "' (a scheduler or a list of them)");
  return scalar_or_list(check[key], case_path, key);
}

// One group's best `of` row against the best of the `against` rows.
struct RatioToBest {
  Best of;
  Best best;
  std::vector<std::string> failed;  // rows that did not run (not-applicable rows are left out)
};

}  // namespace

CheckResult check_ratio_to_best(const ResultsTable& results, const YAML::Node& check, const std::string& case_path)
{
  const std::string column = check["column"] ? check["column"].as<std::string>() : "simulated_makespan";
  const auto of = scheduler_list(check, "of", case_path);
  const auto against = scheduler_list(check, "against", case_path);
  const double bound = check_number(check, "at_most", case_path);
  const auto group_by = group_columns(check, case_path);
  const std::size_t value_column = results.column(column), scheduler = results.column("scheduler"),
                    status = results.column("status");
  std::map<std::string, RatioToBest> groups;
  for (const auto& [key, rows] : grouped_rows(results, group_by)) {
    if (!group_selected(key, group_by, check["where"], case_path))
      continue;
    RatioToBest& group = groups[group_label(key, group_by)];
    for (const std::size_t row : rows) {
      const std::string& name = results.cell(row, scheduler);
      const bool mine = std::find(of.begin(), of.end(), name) != of.end();
      const bool listed = std::find(against.begin(), against.end(), name) != against.end();
      if ((!mine && !listed) || results.cell(row, status) == "not-applicable")
        continue;
      const auto value = status_is_ok(results, row) ? parse_number(results.cell(row, value_column)) : std::nullopt;
      if (!value || !(std::isfinite(*value) && *value > 0.0))
        group.failed.push_back(name);
      else if (mine && *value < group.of.value)
        group.of = {name, *value};
      else if (listed && *value < group.best.value)
        group.best = {name, *value};
    }
  }
  CheckResult result{fmt::format("best {0} of {1} / best {0} of {2}", column, fmt::join(of, ", "), fmt::join(against, ", ")),
                     "", fmt::format("<= {:g} in every group", bound), Verdict::pass, "| group | best of " + fmt::format("{}", fmt::join(of, ", ")) +
                                        " | best of the others | ratio |\n|---|---|---|---|\n"};
  RatioRange range(bound);
  for (const auto& [label, group] : groups) {
    if (!group.failed.empty() || group.of.name.empty() || group.best.name.empty()) {
      result.verdict = Verdict::fail;
      result.measured = !group.failed.empty() ? fmt::format("at {}: {} did not run", label, fmt::join(group.failed, ", "))
                                              : fmt::format("at {}: no row of {}", label,
                                                            fmt::join(group.of.name.empty() ? of : against, ", "));
      return result;
    }
    const double ratio = group.of.value / group.best.value;
    result.table += fmt::format("| {} | {} {:.6g} | {} {:.6g} | {:.4g} |\n", label, group.of.name, group.of.value,
                                group.best.name, group.best.value, ratio);
    range.add(ratio, result);
  }
  return range.close(std::move(result));
}

}  // namespace hbcast::cli
