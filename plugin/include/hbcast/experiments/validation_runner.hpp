#pragma once
#include <hbcast/experiments/validation_case.hpp>
#include <hbcast/experiments/validation_checks.hpp>

#include <ostream>
#include <string>
#include <vector>

namespace hbcast::cli {

struct CaseResult {
  ValidationCase validation_case;
  std::vector<CheckResult> checks;
  std::vector<std::string> figures;  ///< paths relative to the output directory
  std::string results;               ///< relative path of the raw results
  double seconds = 0.0;
};

/// Runs one case: its sweep (or built-in experiment) into OUTPUT/results/ID.csv, its checks, its
/// figures into OUTPUT/figures/ID-K.png.
CaseResult run_validation_case(const ValidationCase& validation_case, const std::string& output_directory,
                               std::size_t workers, std::ostream& progress);

/// Writes OUTPUT/REPORT.md: a summary, then per case its source, its checks (measured beside
/// published) and its figures embedded.
void write_validation_report(const std::vector<CaseResult>& results, const std::string& output_directory, bool full);

}  // namespace hbcast::cli
