#include <hbcast/cluster/lcf_multicast.hpp>

#include <hbcast/cluster/cluster_order.hpp>
#include <hbcast/cluster/lcf_m.hpp>

#include <limits>

namespace hbcast {

double run_lcf_multicast(ScheduleBuilder& builder, const std::vector<std::size_t>& usable,
                         const std::vector<std::size_t>& targets, const std::vector<std::size_t>& order)
{
  const std::size_t wanted = builder.instance().receiving_clusters().size();  // k'
  const LcfProgress progress = run_lcf_m(builder, usable, wanted, order);
  // Its holders (at least k') inform the remaining member clusters in one global step.
  return inform_remaining_clusters(builder, progress, order, targets, std::numeric_limits<std::size_t>::max());
}

ClusterSchedule schedule_lcf_multicast(const ClusterInstance& instance)
{
  ScheduleBuilder builder(instance);
  run_lcf_multicast(builder, instance.sizes, instance.targets(), largest_first_order(instance));
  return builder.take();
}

}  // namespace hbcast
