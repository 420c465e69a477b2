#include <hbcast/cluster/cluster_instance.hpp>

#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

namespace hbcast {

std::size_t ClusterInstance::node_count() const
{
  std::size_t total = 0;
  for (auto size : sizes)
    total += size;
  return total;
}

std::size_t ClusterInstance::target(std::size_t cluster) const
{
  if (!is_multicast())
    return sizes.at(cluster);
  const std::size_t wanted = multicast_counts.at(cluster);
  return cluster == 0 && wanted == 0 ? 1 : wanted;
}

std::size_t ClusterInstance::usable_degree(std::size_t cluster) const
{
  if (degree_limits.empty())
    return sizes.at(cluster);
  return std::min(degree_limits.at(cluster), sizes.at(cluster));
}

std::vector<std::size_t> ClusterInstance::usable_degrees() const
{
  std::vector<std::size_t> degrees(sizes.size());
  for (std::size_t i = 0; i < degrees.size(); ++i)
    degrees[i] = usable_degree(i);
  return degrees;
}

std::vector<std::size_t> ClusterInstance::targets() const
{
  std::vector<std::size_t> wanted(sizes.size());
  for (std::size_t i = 0; i < wanted.size(); ++i)
    wanted[i] = target(i);
  return wanted;
}

std::vector<std::size_t> ClusterInstance::receiving_clusters() const
{
  std::vector<std::size_t> clusters;
  for (std::size_t i = 1; i < sizes.size(); ++i)
    if (target(i) > 0)
      clusters.push_back(i);
  return clusters;
}

void ClusterInstance::validate() const
{
  if (sizes.empty())
    throw std::invalid_argument("cluster instance: no cluster");
  for (std::size_t i = 0; i < sizes.size(); ++i)
    if (sizes[i] == 0)
      throw std::invalid_argument("cluster instance: cluster " + std::to_string(i) + " is empty");
  if (!std::isfinite(global_cost) || global_cost < 1.0)
    throw std::invalid_argument("cluster instance: global cost C must be a finite number >= 1");
  if (!degree_limits.empty()) {
    if (degree_limits.size() != sizes.size())
      throw std::invalid_argument("cluster instance: one degree limit per cluster is needed");
    for (std::size_t i = 0; i < sizes.size(); ++i)
      if (degree_limits[i] == 0)
        throw std::invalid_argument("cluster instance: degree limit of cluster " + std::to_string(i) + " is 0");
  }
  if (matching_bound && *matching_bound == 0)
    throw std::invalid_argument("cluster instance: matching bound B must be >= 1");
  if (is_multicast()) {
    if (multicast_counts.size() != sizes.size())
      throw std::invalid_argument("cluster instance: one multicast count per cluster is needed");
    for (std::size_t i = 0; i < sizes.size(); ++i)
      if (multicast_counts[i] > sizes[i])
        throw std::invalid_argument("cluster instance: multicast count of cluster " + std::to_string(i) +
                                    " exceeds its size");
  }
}

ClusterInstance cluster_instance(std::vector<std::size_t> sizes, double global_cost)
{
  ClusterInstance instance;
  instance.sizes = std::move(sizes);
  instance.global_cost = global_cost;
  return instance;
}

ClusterInstance with_only(ClusterInstance instance, ClusterOptions kept)
{
  const auto keeps = [kept](ClusterOptions option) {
    return (static_cast<unsigned>(kept) & static_cast<unsigned>(option)) != 0;
  };
  if (!keeps(ClusterOptions::degree_limits))
    instance.degree_limits.clear();
  if (!keeps(ClusterOptions::matching_bound))
    instance.matching_bound.reset();
  if (!keeps(ClusterOptions::multicast))
    instance.multicast_counts.clear();
  return instance;
}

std::vector<NodeId> cluster_offsets(const ClusterInstance& instance)
{
  std::vector<NodeId> offsets(instance.sizes.size() + 1, 0);
  for (std::size_t i = 0; i < instance.sizes.size(); ++i)
    offsets[i + 1] = offsets[i] + instance.sizes[i];
  return offsets;
}

std::vector<std::size_t> cluster_of_nodes(const ClusterInstance& instance)
{
  std::vector<std::size_t> cluster_of;
  cluster_of.reserve(instance.node_count());
  for (std::size_t i = 0; i < instance.sizes.size(); ++i)
    cluster_of.insert(cluster_of.end(), instance.sizes[i], i);
  return cluster_of;
}

}  // namespace hbcast
