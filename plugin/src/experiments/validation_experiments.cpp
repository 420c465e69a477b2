#include <hbcast/experiments/validation_experiments.hpp>

#include <hbcast/experiments/calibration_round_trip_experiment.hpp>
#include <hbcast/experiments/fnf_guarantees_experiment.hpp>
#include <hbcast/experiments/fnf_optimality_experiment.hpp>
#include <hbcast/experiments/grid_heuristics_experiment.hpp>
#include <hbcast/experiments/lcf_appendix_b_experiment.hpp>
#include <hbcast/experiments/lcf_guarantees_experiment.hpp>
#include <hbcast/experiments/lcf_tight_example_experiment.hpp>
#include <hbcast/experiments/liu_table1_experiment.hpp>
#include <hbcast/experiments/ptas_guarantee_experiment.hpp>

namespace hbcast::cli {

const std::vector<std::pair<std::string, ValidationExperiment>>& validation_experiments()
{
  static const std::vector<std::pair<std::string, ValidationExperiment>> experiments = {
      {"fnf-optimality", run_fnf_optimality},   {"fnf-guarantees", run_fnf_guarantees},
      {"liu-table1", run_liu_table1},           {"ptas-guarantee", run_ptas_guarantee},
      {"grid-heuristics", run_grid_heuristics}, {"lcf-guarantees", run_lcf_guarantees},
      {"lcf-tight-example", run_lcf_tight_example}, {"lcf-appendix-b", run_lcf_appendix_b},
      {"calibration-round-trip", run_calibration_round_trip}};
  return experiments;
}

ValidationExperiment find_validation_experiment(const std::string& kind)
{
  for (const auto& [name, experiment] : validation_experiments())
    if (name == kind)
      return experiment;
  return nullptr;
}

}  // namespace hbcast::cli
