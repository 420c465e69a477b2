#pragma once
#include <hbcast/experiments/validation_checks.hpp>

#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

namespace hbcast::cli {

/// Khuller-Kim-Wan's approximation guarantees on random instances (kind `lcf-guarantees`):
/// LCF <= 2 OPT + 7 (Lemma 2.4), bounded degree <= 3 OPT + 7 (Lemma 4.2), bounded matching
/// <= 2 OPT + 6 (Theorem 4.3), postal LCF <= 3 OPT + 4 (Theorem 5.1). Tiny instances use the
/// brute-force optimum (basic model); larger ones the lower bounds the proofs compare with (C >= 2).
/// Parameters: small_instances, large_instances, seed, large_max_clusters, large_max_size,
/// large_max_c. Writes one CSV row per (instance, algorithm) to `results_path`.
std::vector<CheckResult> run_lcf_guarantees(const YAML::Node& parameters, const std::string& case_path,
                                            const std::string& results_path);

}  // namespace hbcast::cli
