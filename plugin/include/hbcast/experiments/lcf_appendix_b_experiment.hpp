#pragma once
#include <hbcast/experiments/validation_checks.hpp>

#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

namespace hbcast::cli {

/// Khuller-Kim-Wan, Appendix B, Fig. 5(b) (kind `lcf-appendix-b`): about 2000 clusters whose advertised
/// sizes follow Zipf(theta) over 1..max_size; for each C and input, LCF's broadcast time over the
/// best section 2.1 lower bound for three runs:
///   Actual:     the true sizes are the advertised ones, LCF orders by them;
///   Advertised: each true size is half or double the advertised one (independently), LCF orders
///               by the advertised sizes (ratio to the lower bound of the true sizes);
///   Random:     the sizes of Actual, clusters informed in a uniformly random order.
/// Also reported: on the perturbed sizes, LCF ordering by the true sizes, so Advertised can be
/// compared with full knowledge on the very same instance. Parameters: clusters, max_size, theta,
/// C (list), inputs, seed.
std::vector<CheckResult> run_lcf_appendix_b(const YAML::Node& parameters, const std::string& case_path,
                                            const std::string& results_path);

}  // namespace hbcast::cli
