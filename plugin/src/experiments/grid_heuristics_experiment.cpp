#include <hbcast/experiments/grid_heuristics_experiment.hpp>

#include <hbcast/experiments/experiment_parameters.hpp>
#include <hbcast/grid/grid_heuristic_statistics.hpp>
#include <hbcast/grid/grid_optimum.hpp>
#include <hbcast/sweep/scenario.hpp>
#include <hbcast/util/atomic_file.hpp>

#include "grid_heuristics_statistics.hpp"

namespace hbcast::cli {

std::vector<CheckResult> run_grid_heuristics(const YAML::Node& parameters, const std::string& case_path,
                                             const std::string& results_path)
{
  const ExperimentParameters given(parameters, case_path);
  const std::size_t instances = given.count("instances", 10000);
  const std::size_t min_clusters = given.count("min_clusters", 2);
  const std::size_t max_clusters = given.count("max_clusters", 50);
  const std::size_t seed = given.count("seed", 3);
  const std::size_t optimum_max = given.count("optimum_max_clusters", 0);
  const GridCompletion completion =
      given.choice("completion", {"release", "arrival"}, "release") == "release" ? GridCompletion::release
                                                                                 : GridCompletion::arrival;
  const std::string report_only = given.text("report_only", "");
  if (min_clusters < 2 || min_clusters > max_clusters || instances == 0 || optimum_max > kGridOptimumMaxClusters)
    throw ScenarioError(case_path + ": need 2 <= min_clusters <= max_clusters, instances >= 1 and "
                                    "optimum_max_clusters <= " + std::to_string(kGridOptimumMaxClusters));
  const GridStatisticsTable table =
      measure_grid_heuristics_over(min_clusters, max_clusters, instances, seed, optimum_max, completion);
  write_file_atomically(results_path, results_csv(table, instances));
  return grid_checks(table, instances, report_only);
}

}  // namespace hbcast::cli
