#pragma once
#include <hbcast/report/results_table.hpp>

#include <yaml-cpp/yaml.h>

#include <string>
#include <utility>
#include <vector>

namespace hbcast::cli {

enum class Verdict { pass, fail, report };

/// One expectation of a validation case, evaluated: what was measured beside what was published.
struct CheckResult {
  CheckResult() = default;
  CheckResult(std::string what, std::string measured_value, std::string published_value, Verdict given,
              std::string markdown = "", std::string why = "")
      : description(std::move(what)), measured(std::move(measured_value)), published(std::move(published_value)),
        verdict(given), table(std::move(markdown)), note(std::move(why))
  {
  }
  std::string description;
  std::string measured;
  std::string published;
  Verdict verdict = Verdict::report;
  std::string table;  ///< a Markdown table for report checks (and orderings)
  /// Why a REPORT carries no verdict, or why a known gap fails.
  std::string note;
  /// A FAIL the case lists as a known gap: it does not fail the run (a known gap that passes does).
  bool known_gap = false;
};

/// Evaluates a case's expectations on its result rows (only rows with status ok count, except
/// for all_ok). The checks:
///   all_ok:   every point ran
///   max_abs:  max |column| <= at_most                         (e.g. exactness, 1e-9)
///   min:      min column >= at_least over rows matching `where` (a target every row must meet)
///   mean:     mean of column over rows matching `where` (a value or a list of accepted values per
///             column), against `published` +- `tolerance`, or `at_least` / `at_most`;
///             `report_only: "<why>"` reports the comparison without a verdict, for a published
///             figure that cannot be judged here, and says why
///   ordering: at every value of `x`, mean(column) is non-decreasing along `order` (values of `by`)
///   report:   no verdict; a table of mean(column) by `by` (rows) and `x` (columns)
///   best_ratio, relative_difference, ratio_to_best: bounded ratios between schedulers' rows
///             (baseline_checks.hpp)
/// Every check over zero rows is FAIL "no rows". A check may carry `known_gap: "<why>"`: its FAIL
/// is shown as a known gap, and a known gap that passes is a FAIL (the list stays true). Per-form
/// known gaps are resolved first (known_gaps_of_form).
/// A malformed check is a ScenarioError naming `case_path` and its line.
std::vector<CheckResult> evaluate_checks(const ResultsTable& results, const YAML::Node& expectations,
                                         const std::string& case_path);

/// Refuses, when a case loads, an expectation that is not a check: an unknown kind or key, a
/// judging check without its bound (best_ratio and ratio_to_best need `at_most`, mean needs
/// `published` and `tolerance` or a bound), `report_only` without its reason, `known_gap`
/// without its reason or on a check that gives no verdict. A built-in experiment's case lists
/// only `{check: experiment, description: "<its check>", known_gap: "<why>"}` entries.
void check_expectations(const YAML::Node& expectations, const std::string& case_path, bool built_in);

/// A built-in experiment's checks with the case's known gaps applied (each must name one of them).
std::vector<CheckResult> apply_known_gaps(std::vector<CheckResult> checks, const YAML::Node& expectations,
                                          const std::string& case_path);

/// The expectations with each per-form known gap ({fast: why, full: why}) resolved for one form.
YAML::Node known_gaps_of_form(const YAML::Node& expectations, bool full);

/// A FAIL that is not a known gap: what makes `hbcast validate` exit non-zero.
bool counts_as_failure(const CheckResult& check);

std::string to_string(Verdict verdict);
/// "PASS", "FAIL", "FAIL (known gap)" or "REPORT".
std::string verdict_text(const CheckResult& check);

}  // namespace hbcast::cli
