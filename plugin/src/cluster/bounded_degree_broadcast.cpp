#include <hbcast/cluster/bounded_degree_broadcast.hpp>

#include <hbcast/cluster/cluster_order.hpp>
#include <hbcast/cluster/lcf_m.hpp>

#include <numeric>

namespace hbcast {

ClusterSchedule schedule_bounded_degree_broadcast(const ClusterInstance& instance)
{
  ScheduleBuilder builder(instance);
  const std::vector<std::size_t> usable = instance.usable_degrees();
  const std::size_t total = std::accumulate(usable.begin(), usable.end(), std::size_t{0});
  // Phase 1 orders clusters by d_i: LCF runs on the instance I(d_i, d_i).
  const LcfProgress progress = run_lcf_m(builder, usable, total, largest_first_order(usable));
  for (std::size_t i = 0; i < usable.size(); ++i)
    builder.local_broadcast(i, instance.sizes[i], progress.time);
  return builder.take();
}

}  // namespace hbcast
