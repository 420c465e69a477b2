#pragma once
#include <hbcast/experiments/validation_checks.hpp>

#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

namespace hbcast::cli {

/// Khuller-Kim-Wan, section 2.2, Fig. 3 (kind `lcf-tight-example`): clusters of n0 (source) and n1 = n0
/// nodes and n0 - 1 singletons. LCF's time, computed and checked, against the formula
/// ceil(log n0) + C + ceil(log n1); the better schedule of the figure, built and checked, against
/// 1 + max(C + ceil(log n1), ceil(log(n0 - 1)) + C); the brute-force optimum where it is tiny; and
/// the ratio, which tends to 2 when log n0 >> C. Parameters: n0 (list), C (list).
std::vector<CheckResult> run_lcf_tight_example(const YAML::Node& parameters, const std::string& case_path,
                                               const std::string& results_path);

}  // namespace hbcast::cli
