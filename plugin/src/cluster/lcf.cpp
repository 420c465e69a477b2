#include <hbcast/cluster/lcf.hpp>

#include <hbcast/cluster/cluster_order.hpp>
#include <hbcast/cluster/lcf_m.hpp>

namespace hbcast {

ClusterSchedule schedule_lcf(const ClusterInstance& instance)
{
  return schedule_lcf(instance, largest_first_order(instance));
}

ClusterSchedule schedule_lcf(const ClusterInstance& instance, const std::vector<std::size_t>& order)
{
  instance.validate();
  check_cluster_order(instance, order);
  ScheduleBuilder builder(instance);
  run_lcf_m(builder, instance.sizes, instance.node_count(), order);  // LCF = LCF(N)
  return builder.take();
}

}  // namespace hbcast
