#include <hbcast/cluster/bounded_degree_multicast.hpp>

#include <hbcast/cluster/cluster_order.hpp>
#include <hbcast/cluster/lcf_multicast.hpp>

namespace hbcast {

ClusterSchedule schedule_bounded_degree_multicast(const ClusterInstance& instance)
{
  instance.validate();
  const std::size_t k = instance.cluster_count();
  std::vector<std::size_t> usable(k), targets = instance.targets();
  for (std::size_t i = 0; i < k; ++i) {
    usable[i] = instance.usable_degree(i);
    targets[i] = std::min(usable[i], targets[i]);
  }
  ScheduleBuilder builder(instance);
  const double time = run_lcf_multicast(builder, usable, targets, largest_first_order(usable));
  for (std::size_t i = 0; i < k; ++i)
    builder.local_broadcast(i, instance.target(i), time);
  return builder.take();
}

}  // namespace hbcast
