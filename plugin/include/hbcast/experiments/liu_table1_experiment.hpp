#pragma once
#include <hbcast/experiments/validation_checks.hpp>

#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

namespace hbcast::cli {

/// Liu's Table 1 (section 5): for P = min_p..max_p processors, `clusters` random
/// clusters whose processors each draw one of 3 class values (any source), the whole search tree
/// (N nodes, L leaves), and for three searches the nodes examined, time and search ratio n/N:
/// Liu's FNF-guided search, the generic branch-and-bound (up to generic_max_p), and ours (Liu's
/// techniques plus the fastest-remaining bound). Parameters: min_p, max_p, generic_max_p,
/// clusters, seed, class_values (a list of value triples: the paper does not give its values).
/// Checks: every search returns the same optimum (pass/fail); tables beside the published ones.
std::vector<CheckResult> run_liu_table1(const YAML::Node& parameters, const std::string& case_path,
                                        const std::string& results_path);

}  // namespace hbcast::cli
