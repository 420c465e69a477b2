#pragma once
#include <hbcast/cluster/cluster_instance.hpp>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace hbcast {

/// Cluster sizes for Khuller-Kim-Wan, Appendix B: `count` sizes in 1..max_size with
/// Prob(size = i) = c / i^(1 - theta) (Zipf; theta = 0 is the skewed case the paper runs, theta = 1
/// uniform). Inverse-CDF sampling from std::mt19937_64 with unit_uniform_draw, portable.
std::vector<std::size_t> zipf_cluster_sizes(std::size_t count, std::size_t max_size, double theta, std::uint64_t seed);

/// Appendix B's inaccurate sizes: each advertised size is doubled or halved (rounded up, at least 1)
/// with probability 1/2, independently.
std::vector<std::size_t> perturb_cluster_sizes(const std::vector<std::size_t>& advertised, std::uint64_t seed);

/// Options of random_cluster_instance.
struct RandomClusterOptions {
  std::size_t max_clusters = 4;
  std::size_t max_size = 4;
  std::size_t max_nodes = 8;
  double min_c = 1;
  double max_c = 4;
  bool integer_c = true;
};

/// A random instance for property tests and the guarantee experiments: 1..max_clusters clusters of
/// 1..max_size nodes (at most max_nodes in all), C uniform in [min_c, max_c] (an integer when
/// integer_c), and every option drawn: d_i in 1..n_i, n'_i in 0..n_i, B in 1..max(1, N/2).
ClusterInstance random_cluster_instance(const RandomClusterOptions& options, std::uint64_t seed);

}  // namespace hbcast
