#include <hbcast/cluster/bounded_degree_multicast.hpp>

#include <hbcast/cluster/cluster_order.hpp>
#include <hbcast/cluster/lcf_multicast.hpp>

#include <algorithm>

namespace hbcast {

ClusterSchedule schedule_bounded_degree_multicast(const ClusterInstance& instance)
{
  ScheduleBuilder builder(instance);
  const std::vector<std::size_t> usable = instance.usable_degrees();
  std::vector<std::size_t> targets = instance.targets();
  for (std::size_t i = 0; i < targets.size(); ++i)
    targets[i] = std::min(usable[i], targets[i]);
  const double time = run_lcf_multicast(builder, usable, targets, largest_first_order(usable));
  for (std::size_t i = 0; i < targets.size(); ++i)
    builder.local_broadcast(i, instance.target(i), time);
  return builder.take();
}

}  // namespace hbcast
