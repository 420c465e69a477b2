#include <hbcast/cluster/bounded_matching_broadcast.hpp>

#include <hbcast/cluster/cluster_order.hpp>
#include <hbcast/cluster/lcf_m.hpp>

#include <algorithm>
#include <stdexcept>

namespace hbcast {

double run_bounded_matching(ScheduleBuilder& builder, const std::vector<std::size_t>& targets)
{
  const ClusterInstance& instance = builder.instance();
  if (!instance.matching_bound)
    throw std::invalid_argument("bounded matching: the instance has no matching bound B");
  const std::size_t bound = *instance.matching_bound;
  const auto order = largest_first_order(instance);
  LcfProgress progress = run_lcf_m(builder, instance.sizes, bound, order);
  double time = progress.time;
  std::vector<std::size_t> missing;
  for (std::size_t j = progress.next; j < order.size(); ++j)
    if (targets[order[j]] > 0)
      missing.push_back(order[j]);
  const auto senders = holders(builder, progress.informed_clusters);
  for (std::size_t j = 0; j < missing.size(); j += bound) {
    for (std::size_t s = 0; s < bound && j + s < missing.size(); ++s)
      builder.global(senders[s].first, senders[s].second, missing[j + s], time);
    time += instance.global_cost;
  }
  double end = time;
  for (std::size_t cluster = 0; cluster < targets.size(); ++cluster)
    end = std::max(end, builder.local_broadcast(cluster, targets[cluster], time));
  return end;
}

ClusterSchedule schedule_bounded_matching_broadcast(const ClusterInstance& instance)
{
  instance.validate();
  ScheduleBuilder builder(instance);
  run_bounded_matching(builder, instance.sizes);
  return builder.take();
}

}  // namespace hbcast
