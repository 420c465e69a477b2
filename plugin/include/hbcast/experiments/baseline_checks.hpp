#pragma once
#include <hbcast/experiments/validation_checks.hpp>
#include <hbcast/report/results_table.hpp>

#include <yaml-cpp/yaml.h>

#include <string>

namespace hbcast::cli {

/// Checks of hbcast's trees against SMPI's MPI_Bcast algorithms. Rows are
/// grouped by `x` (a column or a list of columns) and the repetition; a row with an empty cell
/// there (an MPI row's slices) belongs to every group that matches its other cells.
///
/// best_ratio: in each group, hbcast's best tree (smallest `column`, default simulated_makespan,
///   over rows whose scheduler is not "mpi:...") over the best MPI algorithm (rows "mpi:NAME"),
///   each winner named, with the MPI algorithms SMPI could not finish. Fails when a group lacks a
///   side, a value is not finite and positive, an hbcast row failed (not-applicable rows are left
///   out), or a ratio exceeds `at_most` (required).
CheckResult check_best_ratio(const ResultsTable& results, const YAML::Node& check, const std::string& case_path);

/// relative_difference: in each group, (column[of] - column[to]) / column[to] for two schedulers
///   `of` and `to`, within [`at_least`, `at_most`], in the groups `where: {column: value}` selects
///   (columns of `x`); e.g. SMPI's binomial_tree against hbcast's
///   mpich-binomial, which differ by SMPI's envelope only.
CheckResult check_relative_difference(const ResultsTable& results, const YAML::Node& check,
                                      const std::string& case_path);

/// ratio_to_best: in each group, the smallest `column` (default simulated_makespan) among the
///   schedulers `of` over the smallest among the schedulers `against` (each a name or a list), both
///   winners named; e.g. the best link-aware tree against the best published tree.
///   Groups as above, `where` as for relative_difference. Fails when a group has no `of` or no
///   `against` row, a listed row failed
///   or has no positive finite value (not-applicable rows are left out), or a ratio exceeds
///   `at_most` (required).
CheckResult check_ratio_to_best(const ResultsTable& results, const YAML::Node& check, const std::string& case_path);

}  // namespace hbcast::cli
