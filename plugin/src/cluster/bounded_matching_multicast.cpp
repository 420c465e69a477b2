#include <hbcast/cluster/bounded_matching_multicast.hpp>

#include <hbcast/cluster/bounded_matching_broadcast.hpp>
#include <hbcast/cluster/cluster_order.hpp>
#include <hbcast/cluster/lcf_multicast.hpp>

#include <stdexcept>

namespace hbcast {

ClusterSchedule schedule_bounded_matching_multicast(const ClusterInstance& instance)
{
  ScheduleBuilder builder(instance);
  if (!instance.matching_bound)
    throw std::invalid_argument("bounded matching multicast: the instance has no matching bound B");
  const std::vector<std::size_t> targets = instance.targets();
  if (instance.receiving_clusters().size() <= *instance.matching_bound)
    run_lcf_multicast(builder, instance.sizes, targets, largest_first_order(instance));
  else
    run_bounded_matching(builder, targets);
  return builder.take();
}

}  // namespace hbcast
