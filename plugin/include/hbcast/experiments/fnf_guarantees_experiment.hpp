#pragma once
#include <hbcast/experiments/validation_checks.hpp>

#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

namespace hbcast::cli {

/// FNF against the optimum on the sender-only model (Liu and Khuller-Kim-Woeginger), source among the fastest:
///  * the smallest instance where FNF is not optimal, by enumeration (times 1..max_value, the
///    source t = 1), and the smallest with Liu's Fig. 2 figures (FNF 5, optimum 4);
///  * Theorem 4.5 (every time divides every slower one => FNF optimal) on `divisible_instances`;
///  * FNF <= 1.5 OPT (Khuller-Kim-Woeginger) on `ratio_instances` 3-class instances of up to 10 processors;
///  * the worst FNF / OPT a random search over `search_instances` finds, beside 25/22.
/// Optima: exhaustive oracle up to 9 processors, the proven branch-and-bound beyond.
std::vector<CheckResult> run_fnf_guarantees(const YAML::Node& parameters, const std::string& case_path,
                                            const std::string& results_path);

}  // namespace hbcast::cli
