#pragma once
#include <hbcast/report/results_table.hpp>

#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

namespace hbcast::cli {

enum class Verdict { pass, fail, report };

/// One expectation of a validation case, evaluated: what was measured beside what was published.
struct CheckResult {
  std::string description;
  std::string measured;
  std::string published;
  Verdict verdict = Verdict::report;
  std::string table;  ///< a Markdown table for report checks (and orderings)
};

/// Evaluates a case's expectations on its result rows (only rows with status ok count, except
/// for all_ok). The checks:
///   all_ok:   every point ran
///   max_abs:  max |column| <= at_most                         (e.g. exactness, 1e-9)
///   mean:     mean of column over rows matching `where` (a value or a list of accepted values per
///             column), against `published` +- `tolerance`,
///             or `at_least` / `at_most`; `report_only: true` reports the comparison without a
///             verdict, for published figures whose difference the case explains with data
///   ordering: at every value of `x`, mean(column) is non-decreasing along `order` (values of `by`)
///   report:   no verdict; a table of mean(column) by `by` (rows) and `x` (columns)
///   best_ratio, relative_difference: hbcast's trees against SMPI's MPI_Bcast rows
///             (baseline_checks.hpp)
/// A malformed check is a ScenarioError naming `case_path` and its line.
std::vector<CheckResult> evaluate_checks(const ResultsTable& results, const YAML::Node& expectations,
                                         const std::string& case_path);

std::string to_string(Verdict verdict);

}  // namespace hbcast::cli
