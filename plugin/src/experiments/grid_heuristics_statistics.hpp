#pragma once
// Internal to the grid-heuristics validation kind: per-count statistics, the CSV and the checks.
#include <hbcast/experiments/validation_checks.hpp>
#include <hbcast/grid/grid_heuristic_statistics.hpp>

#include <string>
#include <vector>

namespace hbcast::cli {

/// clusters,heuristic,paper_name,instances,mean_makespan,hit_rate,mean_ratio_to_optimum,optimal_rate
std::string results_csv(const GridStatisticsTable& table, std::size_t instances);
/// The published claims of Barchet-Steffenel-Mounié, section 6, checked and reported (see run_grid_heuristics);
/// with `report_only` (its reason) not empty every verdict becomes a report that says whether it held.
std::vector<CheckResult> grid_checks(const GridStatisticsTable& table, std::size_t instances,
                                     const std::string& report_only);

}  // namespace hbcast::cli
