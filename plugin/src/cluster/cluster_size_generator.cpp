#include <hbcast/cluster/cluster_size_generator.hpp>

#include <hbcast/model/random_platform_generator.hpp>

#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>

namespace hbcast {

std::vector<std::size_t> zipf_cluster_sizes(std::size_t count, std::size_t max_size, double theta, std::uint64_t seed)
{
  if (max_size == 0 || !(theta >= 0.0 && theta <= 1.0))
    throw std::invalid_argument("Zipf cluster sizes: need max_size >= 1 and 0 <= theta <= 1");
  std::vector<double> cumulative(max_size);
  double total = 0;
  for (std::size_t i = 1; i <= max_size; ++i)
    cumulative[i - 1] = total += 1.0 / std::pow(static_cast<double>(i), 1.0 - theta);
  std::mt19937_64 rng(seed);
  std::vector<std::size_t> sizes(count);
  for (auto& size : sizes) {
    const double u = unit_uniform_draw(rng) * total;
    size = static_cast<std::size_t>(std::upper_bound(cumulative.begin(), cumulative.end(), u) - cumulative.begin()) + 1;
    size = std::min(size, max_size);
  }
  return sizes;
}

ClusterInstance random_cluster_instance(const RandomClusterOptions& options, std::uint64_t seed)
{
  if (options.max_clusters == 0 || options.max_size == 0 || options.max_nodes == 0 || !(options.min_c >= 1) ||
      !(options.max_c >= options.min_c))
    throw std::invalid_argument("random cluster instance: need positive limits and 1 <= min_c <= max_c");
  std::mt19937_64 rng(seed);
  const auto draw = [&](std::size_t low, std::size_t high) { return low + rng() % (high - low + 1); };
  ClusterInstance instance;
  const std::size_t k = draw(1, options.max_clusters);
  for (std::size_t i = 0; i < k && instance.node_count() < options.max_nodes; ++i)
    instance.sizes.push_back(draw(1, std::min(options.max_size, options.max_nodes - instance.node_count())));
  if (options.integer_c)
    instance.global_cost = static_cast<double>(draw(static_cast<std::size_t>(std::ceil(options.min_c)),
                                                    static_cast<std::size_t>(std::floor(options.max_c))));
  else
    instance.global_cost = options.min_c + unit_uniform_draw(rng) * (options.max_c - options.min_c);
  for (auto size : instance.sizes) {
    instance.degree_limits.push_back(draw(1, size));
    instance.multicast_counts.push_back(draw(0, size));
  }
  instance.matching_bound = draw(1, std::max<std::size_t>(1, instance.node_count() / 2));
  return instance;
}

std::vector<std::size_t> perturb_cluster_sizes(const std::vector<std::size_t>& advertised, std::uint64_t seed)
{
  std::mt19937_64 rng(seed);
  std::vector<std::size_t> actual(advertised.size());
  for (std::size_t i = 0; i < advertised.size(); ++i)
    actual[i] = (rng() >> 63) ? 2 * advertised[i] : std::max<std::size_t>(1, (advertised[i] + 1) / 2);
  return actual;
}

}  // namespace hbcast
