#pragma once
#include <yaml-cpp/yaml.h>

#include <cstddef>
#include <string>
#include <vector>

namespace hbcast::cli {

/// Typed reads of a validation experiment's `parameters:` (the model-level kinds). A value of the
/// wrong type is a ScenarioError naming the case file, its line and the key; a missing key gives
/// the fallback.
std::size_t size_parameter(const YAML::Node& parameters, const char* key, std::size_t fallback,
                           const std::string& case_path);
double number_parameter(const YAML::Node& parameters, const char* key, double fallback, const std::string& case_path);
/// A list of lists of numbers, e.g. class_values: [[1, 2, 3], [1, 1.5, 2.5]].
std::vector<std::vector<double>> number_lists_parameter(const YAML::Node& parameters, const char* key,
                                                        std::vector<std::vector<double>> fallback,
                                                        const std::string& case_path);

}  // namespace hbcast::cli
