#include <hbcast/cluster/cluster_order.hpp>

#include <algorithm>
#include <random>
#include <stdexcept>

namespace hbcast {

std::vector<std::size_t> largest_first_order(const std::vector<std::size_t>& keys)
{
  std::vector<std::size_t> order;
  for (std::size_t i = 1; i < keys.size(); ++i)
    order.push_back(i);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return keys[a] > keys[b]; });
  return order;
}

std::vector<std::size_t> largest_first_order(const ClusterInstance& instance)
{
  return largest_first_order(instance.sizes);
}

std::vector<std::size_t> random_cluster_order(std::size_t cluster_count, std::uint64_t seed)
{
  std::vector<std::size_t> order;
  for (std::size_t i = 1; i < cluster_count; ++i)
    order.push_back(i);
  std::mt19937_64 rng(seed);
  // Fisher-Yates with a modulo draw: std::shuffle's draws differ between standard libraries.
  for (std::size_t i = order.size(); i > 1; --i)
    std::swap(order[i - 1], order[rng() % i]);
  return order;
}

void check_cluster_order(const ClusterInstance& instance, const std::vector<std::size_t>& order)
{
  std::vector<bool> seen(instance.cluster_count(), false);
  if (order.size() + 1 != instance.cluster_count())
    throw std::invalid_argument("cluster order: must list every cluster but 0 once");
  for (auto cluster : order) {
    if (cluster == 0 || cluster >= instance.cluster_count() || seen[cluster])
      throw std::invalid_argument("cluster order: must list every cluster but 0 once");
    seen[cluster] = true;
  }
}

}  // namespace hbcast
