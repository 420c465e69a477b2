#include <hbcast/cluster/two_level_platform.hpp>

#include <hbcast/cluster/cluster_size_generator.hpp>
#include <hbcast/model/platform_graph.hpp>

#include <cmath>
#include <stdexcept>

namespace hbcast {
namespace {

void require(bool condition, const std::string& message)
{
  if (!condition)
    throw std::invalid_argument("clusters platform: " + message);
}

}  // namespace

void check_two_level_parameters(const TwoLevelPlatformParameters& p)
{
  require(!p.sizes.empty(), "no cluster");
  for (auto size : p.sizes)
    require(size >= 1, "every cluster needs at least one host");
  require(std::isfinite(p.global_cost) && p.global_cost >= 1, "'c' must be >= 1");
  require(std::isfinite(p.unit) && p.unit > 0, "'unit' must be > 0 seconds");
  require(std::isfinite(p.bandwidth) && p.bandwidth > 0, "'bandwidth' must be > 0 bytes/s");
}

TwoLevelPlatformParameters draw_cluster_platform(const ClusterPlatformParameters& p)
{
  require(p.clusters >= 1 && p.clusters <= 1000,
          "'clusters' must be in 1..1000 (got " + std::to_string(p.clusters) + ")");
  TwoLevelPlatformParameters platform;
  platform.sizes = zipf_cluster_sizes(p.clusters, p.max_size, p.theta, p.seed);
  platform.global_cost = p.c;
  platform.unit = p.unit;
  platform.bandwidth = p.bandwidth;
  platform.record = {{"generator", "clusters"},          {"seed", std::to_string(p.seed)},
                     {"clusters", std::to_string(p.clusters)}, {"max-size", std::to_string(p.max_size)},
                     {"theta", shortest_decimal(p.theta)}, {"c", shortest_decimal(p.c)},
                     {"unit", shortest_decimal(p.unit)},   {"bandwidth", shortest_decimal(p.bandwidth)}};
  return platform;
}

}  // namespace hbcast
