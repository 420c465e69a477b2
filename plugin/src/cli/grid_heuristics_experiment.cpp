#include <hbcast/cli/grid_heuristics_experiment.hpp>

#include <hbcast/cli/atomic_file.hpp>
#include <hbcast/cli/scenario.hpp>
#include <hbcast/grid/grid_heuristic_registry.hpp>
#include <hbcast/grid/grid_optimum.hpp>
#include <hbcast/grid/table2_instance_generator.hpp>

#include "grid_heuristics_statistics.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

namespace hbcast::cli {
namespace {

std::size_t parameter(const YAML::Node& parameters, const char* key, std::size_t fallback, const std::string& path)
{
  if (!parameters[key])
    return fallback;
  try {
    return parameters[key].as<std::size_t>();
  } catch (const YAML::Exception&) {
    throw ScenarioError(path + ":" + std::to_string(parameters[key].Mark().line + 1) + ": key '" + key +
                        "': not a whole number");
  }
}

GridCompletion completion_parameter(const YAML::Node& parameters, const std::string& path)
{
  const std::string text = parameters["completion"] ? parameters["completion"].as<std::string>() : "release";
  if (text != "release" && text != "arrival")
    throw ScenarioError(path + ":" + std::to_string(parameters["completion"].Mark().line + 1) +
                        ": key 'completion': 'release' or 'arrival' (got '" + text + "')");
  return text == "release" ? GridCompletion::release : GridCompletion::arrival;
}

CountStatistics run_count(std::size_t k, std::size_t instances, std::uint64_t seed, bool with_optimum,
                          GridCompletion completion)
{
  const auto& heuristics = grid_heuristics();
  const std::size_t h = heuristics.size();
  CountStatistics stats{std::vector<double>(h, 0.0), std::vector<std::size_t>(h, 0), std::vector<double>(h, 0.0),
                        std::vector<std::size_t>(h, 0), with_optimum};
  std::mt19937_64 rng(seed ^ (0x9E3779B97F4A7C15ULL * (k + 1)));
  std::vector<double> makespan(h);
  for (std::size_t n = 0; n < instances; ++n) {
    const GridInstance instance = random_table2_instance(k, rng);
    double minimum = INFINITY;
    for (std::size_t x = 0; x < h; ++x) {
      makespan[x] = grid_makespan(instance, heuristics[x].schedule(instance), completion);
      stats.makespan_sum[x] += makespan[x];
      if (heuristics[x].in_paper_figures)
        minimum = std::min(minimum, makespan[x]);
    }
    const double optimum = with_optimum ? grid_optimal_makespan(instance, completion) : 0.0;
    for (std::size_t x = 0; x < h; ++x) {
      stats.hits[x] += makespan[x] <= minimum * (1 + 1e-9);
      if (with_optimum) {
        stats.ratio_to_optimum_sum[x] += makespan[x] / optimum;
        stats.optimal[x] += makespan[x] <= optimum * (1 + 1e-9);
      }
    }
  }
  return stats;
}

}  // namespace

std::vector<CheckResult> run_grid_heuristics(const YAML::Node& parameters, const std::string& case_path,
                                             const std::string& results_path)
{
  const std::size_t instances = parameter(parameters, "instances", 10000, case_path);
  const std::size_t min_clusters = parameter(parameters, "min_clusters", 2, case_path);
  const std::size_t max_clusters = parameter(parameters, "max_clusters", 50, case_path);
  const std::size_t seed = parameter(parameters, "seed", 3, case_path);
  const std::size_t optimum_max = parameter(parameters, "optimum_max_clusters", 0, case_path);
  const GridCompletion completion = completion_parameter(parameters, case_path);
  const std::size_t judge = parameter(parameters, "judge", 1, case_path);
  if (min_clusters < 2 || min_clusters > max_clusters || instances == 0 || optimum_max > kGridOptimumMaxClusters ||
      judge > 1)
    throw ScenarioError(case_path + ": need 2 <= min_clusters <= max_clusters, instances >= 1 and "
                                    "optimum_max_clusters <= " + std::to_string(kGridOptimumMaxClusters) + ", judge 0 or 1");
  GridStatisticsTable table;
  for (std::size_t k = min_clusters; k <= max_clusters; ++k)
    table[k] = run_count(k, instances, seed, k <= optimum_max, completion);
  write_file_atomically(results_path, results_csv(table, instances));
  return grid_checks(table, instances, judge);
}

}  // namespace hbcast::cli
