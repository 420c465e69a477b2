#include <hbcast/cluster/lcf.hpp>

#include <hbcast/cluster/cluster_order.hpp>
#include <hbcast/cluster/lcf_m.hpp>

namespace hbcast {

ClusterSchedule schedule_lcf(const ClusterInstance& instance)
{
  return schedule_lcf_in_order(instance, largest_first_order(instance));
}

ClusterSchedule schedule_lcf_in_order(const ClusterInstance& instance, const std::vector<std::size_t>& order)
{
  ScheduleBuilder builder(instance, order);
  run_lcf_m(builder, instance.sizes, instance.node_count(), order);  // LCF = LCF(N)
  return builder.take();
}

}  // namespace hbcast
