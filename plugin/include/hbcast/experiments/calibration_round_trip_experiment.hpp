#pragma once
#include <hbcast/experiments/validation_checks.hpp>

#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

namespace hbcast::cli {

/// The calibration round trip in SMPI (kind `calibration-round-trip`): on each platform (a file or
/// a generator; `smpi_default_factors: true` keeps SMPI's size factors), hbcast-probe runs in
/// SMPI, hbcast calibrate fits a platform to its CSV, and every scheduler of `all` is simulated on
/// both (same root, 4 MiB, the original with SMPI's settings, the calibrated with its --cfg file);
/// then the multi-tree plan in `multi_tree_slices` slices. Checks per platform: every scheduler's
/// predicted and simulated makespan within `exact_bound` (default 2%; `factors_bound`, 5%, with
/// SMPI's factors), the same fastest scheduler (up to ties), the multi-tree throughput within the
/// bound. Parameters: platforms (list), size, exact_bound, factors_bound, multi_tree_slices,
/// schedulers (default all), probe (hbcast-probe's options).
std::vector<CheckResult> run_calibration_round_trip(const YAML::Node& parameters, const std::string& case_path,
                                                    const std::string& results_path);

}  // namespace hbcast::cli
