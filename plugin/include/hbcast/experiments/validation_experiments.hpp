#pragma once
#include <hbcast/experiments/validation_checks.hpp>

#include <yaml-cpp/yaml.h>

#include <string>
#include <utility>
#include <vector>

namespace hbcast::cli {

/// A built-in (model-level) validation experiment: runs on the case's `parameters:`, writes its
/// raw results to `results_path` (a CSV) and returns its checks.
using ValidationExperiment = std::vector<CheckResult> (*)(const YAML::Node& parameters, const std::string& case_path,
                                                          const std::string& results_path);

/// Every case kind but "sweep", with its experiment, in the order errors list them.
const std::vector<std::pair<std::string, ValidationExperiment>>& validation_experiments();

/// The experiment of `kind`, or nullptr for "sweep" and unknown kinds.
ValidationExperiment find_validation_experiment(const std::string& kind);

}  // namespace hbcast::cli
