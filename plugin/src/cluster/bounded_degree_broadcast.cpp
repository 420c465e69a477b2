#include <hbcast/cluster/bounded_degree_broadcast.hpp>

#include <hbcast/cluster/cluster_order.hpp>
#include <hbcast/cluster/lcf_m.hpp>

#include <algorithm>

namespace hbcast {

ClusterSchedule schedule_bounded_degree_broadcast(const ClusterInstance& instance)
{
  instance.validate();
  std::vector<std::size_t> usable(instance.cluster_count());
  std::size_t total = 0;
  for (std::size_t i = 0; i < usable.size(); ++i)
    total += usable[i] = instance.usable_degree(i);
  ScheduleBuilder builder(instance);
  // Phase 1 orders clusters by d_i: LCF runs on the instance I(d_i, d_i).
  const LcfProgress progress = run_lcf_m(builder, usable, total, largest_first_order(usable));
  for (std::size_t i = 0; i < usable.size(); ++i)
    builder.local_broadcast(i, instance.sizes[i], progress.time);
  return builder.take();
}

}  // namespace hbcast
