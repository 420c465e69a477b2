#include <hbcast/cluster/bounded_matching_broadcast.hpp>

#include <hbcast/cluster/cluster_order.hpp>
#include <hbcast/cluster/lcf_m.hpp>

#include <stdexcept>

namespace hbcast {

double run_bounded_matching(ScheduleBuilder& builder, const std::vector<std::size_t>& targets)
{
  const ClusterInstance& instance = builder.instance();
  if (!instance.matching_bound)
    throw std::invalid_argument("bounded matching: the instance has no matching bound B");
  const std::size_t bound = *instance.matching_bound;
  const auto order = largest_first_order(instance);
  const LcfProgress progress = run_lcf_m(builder, instance.sizes, bound, order);
  return inform_remaining_clusters(builder, progress, order, targets, bound);
}

ClusterSchedule schedule_bounded_matching_broadcast(const ClusterInstance& instance)
{
  ScheduleBuilder builder(instance);
  run_bounded_matching(builder, instance.sizes);
  return builder.take();
}

}  // namespace hbcast
