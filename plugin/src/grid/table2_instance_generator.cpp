#include <hbcast/grid/table2_instance_generator.hpp>

#include <hbcast/model/random_platform_generator.hpp>

#include <cmath>
#include <stdexcept>

namespace hbcast {
namespace {

void require_range(double low, double high, const char* name)
{
  if (!(low >= 0.0) || !(high >= low) || !std::isfinite(high))
    throw std::invalid_argument(std::string("Table 2 instance: the ") + name + " range must have 0 <= min <= max");
}

}  // namespace

GridInstance random_table2_instance(std::size_t clusters, std::mt19937_64& rng, const Table2Ranges& ranges)
{
  if (clusters == 0)
    throw std::invalid_argument("Table 2 instance: at least one cluster is needed");
  require_range(ranges.latency_min, ranges.latency_max, "latency");
  require_range(ranges.gap_min, ranges.gap_max, "gap");
  require_range(ranges.broadcast_min, ranges.broadcast_max, "broadcast time");
  const std::size_t k = clusters;
  std::vector<GridCluster> described(k);
  for (std::size_t i = 0; i < k; ++i)
    described[i].broadcast_time = uniform_between(rng, ranges.broadcast_min, ranges.broadcast_max);
  std::vector<double> latency(k * k, 0.0), gap(k * k, 0.0);
  for (std::size_t i = 0; i < k; ++i)
    for (std::size_t j = i + 1; j < k; ++j) {
      latency[i * k + j] = latency[j * k + i] = uniform_between(rng, ranges.latency_min, ranges.latency_max);
      gap[i * k + j] = gap[j * k + i] = uniform_between(rng, ranges.gap_min, ranges.gap_max);
    }
  return GridInstance(std::move(described), std::move(latency), std::move(gap), 0, 0.0);
}

}  // namespace hbcast
