#pragma once
#include <hbcast/experiments/validation_checks.hpp>

#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

namespace hbcast::cli {

/// The model-level experiment behind "FNF is optimal with two speed classes" (Liu,
/// Theorem 4.4): random sender-only instances of at most `max_nodes` (<= 9) processors whose
/// transmission times take `classes` distinct values, with a fastest source; FNF's makespan is
/// compared with the exhaustive optimum over every receive order. Parameters: instances,
/// min_nodes, max_nodes, classes, seed. Returns the checks: FNF equals the optimum on every
/// instance (pass/fail) and the worst FNF/OPT ratio seen (report), and writes the instances'
/// results as CSV (n, times, fnf, optimum, ratio) to `results_path`.
std::vector<CheckResult> run_fnf_optimality(const YAML::Node& parameters, const std::string& case_path,
                                            const std::string& results_path);

}  // namespace hbcast::cli
