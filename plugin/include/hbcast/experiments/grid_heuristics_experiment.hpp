#pragma once
#include <hbcast/experiments/validation_checks.hpp>

#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

namespace hbcast::cli {

/// Barchet-Steffenel-Mounié, section 6 (Figs. 1-4): for every cluster count in min_clusters..max_clusters,
/// `instances` random Table 2 instances (random_table2_instance; the generator of count k is seeded
/// from `seed` and k, so a smaller run is a prefix of a larger one); every grid heuristic's
/// makespan; per count the mean completion time and the hit rate (share of instances where a
/// heuristic reaches the minimum over the paper's seven heuristics, relative tolerance 1e-9).
/// Up to `optimum_max_clusters` clusters (<= 7) the exhaustive optimum is computed too.
/// Parameters: instances, min_clusters (>= 2), max_clusters, seed, optimum_max_clusters, completion
/// (release: a coordinator relays, then broadcasts inside, as replayed; arrival: max arrival + T, see
/// GridCompletion), judge (1: orderings pass/fail; 0: every check reported).
/// Checks (pass/fail) the published orderings at every count >= 3: Flat worst, FEF above BottomUp,
/// the ECEF family below Flat, FEF and BottomUp; and that the hit rates of ECEF, ECEF-LA and
/// ECEF-LAt fall with the count. Reports the ECEF-LAT hit rate (the paper: about 45%) and tables.
/// Writes one CSV row per (count, heuristic) to `results_path`.
std::vector<CheckResult> run_grid_heuristics(const YAML::Node& parameters, const std::string& case_path,
                                             const std::string& results_path);

}  // namespace hbcast::cli
