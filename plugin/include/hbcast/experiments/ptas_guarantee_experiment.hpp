#pragma once
#include <hbcast/experiments/validation_checks.hpp>

#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

namespace hbcast::cli {

/// The experiment behind "the PTAS is never worse than (1+eps)(1+eps')(1+3eps') OPT" (Khuller-Kim-Woeginger,
/// Theorems 3 and 4): random sender-only instances whose times take `classes` distinct values in
/// 1..12, a fastest source (the paper's setting), eps = `epsilon` and eps' cycling through
/// `epsilon_primes`. Broadcast: the PTAS and FNF against the exhaustive optimum (n <= 9).
/// Multicast: random member subsets (n <= 8), PTAS multicast and FNF multicast (best k) against
/// the exhaustive multicast optimum. Parameters: instances, min_nodes, max_nodes,
/// multicast_instances, multicast_max_nodes, classes, epsilon, epsilon_primes, seed.
/// Checks: both guarantees (pass/fail), FNF multicast <= 1.5 OPT (pass/fail), the worst ratios
/// (report). Writes one CSV row per instance to `results_path`.
std::vector<CheckResult> run_ptas_guarantee(const YAML::Node& parameters, const std::string& case_path,
                                            const std::string& results_path);

}  // namespace hbcast::cli
