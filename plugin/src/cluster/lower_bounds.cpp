#include <hbcast/cluster/lower_bounds.hpp>

#include <hbcast/cluster/cluster_order.hpp>
#include <hbcast/cluster/event_queue.hpp>
#include <hbcast/cluster/schedule_builder.hpp>
#include <hbcast/core/binomial_tree.hpp>

#include <algorithm>

namespace hbcast {

double ClusterLowerBounds::best() const { return std::max({log_n, global, combined}); }

std::size_t relaxed_global_steps(const std::vector<std::size_t>& sizes)
{
  const auto order = largest_first_order(sizes);
  std::size_t holders = sizes.at(0), next = 0, steps = 0;
  while (next < order.size()) {
    const std::size_t end = std::min(order.size(), next + holders);
    for (; next < end; ++next)
      holders += sizes[order[next]];
    ++steps;
  }
  return steps;
}

ClusterLowerBounds broadcast_lower_bounds(const ClusterInstance& instance)
{
  instance.validate();
  ClusterLowerBounds bounds;
  const double c = instance.global_cost;
  const std::size_t n = instance.node_count();
  bounds.global_steps = relaxed_global_steps(instance.sizes);
  const double p = static_cast<double>(bounds.global_steps);
  bounds.log_n = static_cast<double>(binomial_rounds(n));
  bounds.global = p * c;
  // ceil(log2(N/2)) = ceil(log2 N) - 1 for N >= 2.
  bounds.combined = p >= 1 ? (p - 1) * (c - 1) + std::max(0.0, bounds.log_n - 1) : 0.0;
  return bounds;
}

double bounded_degree_lower_bound(const ClusterInstance& instance)
{
  ClusterInstance reduced = instance;
  reduced.sizes = instance.usable_degrees();
  reduced.multicast_counts.clear();
  double ratio = 0;
  for (std::size_t i = 0; i < instance.cluster_count(); ++i)
    ratio = std::max(ratio, static_cast<double>(doubling_rounds(reduced.sizes[i], instance.sizes[i])));
  return std::max({broadcast_lower_bounds(instance).best(), broadcast_lower_bounds(reduced).best(), ratio});
}

double bounded_matching_lower_bound(const ClusterInstance& instance)
{
  const double basic = broadcast_lower_bounds(instance).best();
  if (!instance.matching_bound)
    return basic;
  const std::size_t k = instance.cluster_count(), b = *instance.matching_bound;
  return std::max(basic, static_cast<double>((k - 1 + b - 1) / b) * instance.global_cost);
}

double postal_lower_bound(const ClusterInstance& instance)
{
  instance.validate();
  const auto order = largest_first_order(instance);
  const double c = instance.global_cost;
  EventQueue<std::size_t> starts;  // all nodes of a reached cluster start a global send
  starts.push(0.0, 0);
  double last = 0.0;
  std::size_t next = 0;
  while (next < order.size()) {
    const auto [time, cluster] = starts.pop();
    for (std::size_t j = 0; j < instance.sizes[cluster] && next < order.size(); ++j) {
      last = time + c;
      starts.push(last, order[next++]);
    }
    starts.push(time + 1.0, cluster);
  }
  return std::max(last, static_cast<double>(binomial_rounds(instance.node_count())));
}

}  // namespace hbcast
