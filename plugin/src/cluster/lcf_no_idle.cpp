#include <hbcast/cluster/lcf_no_idle.hpp>

#include <hbcast/cluster/cluster_order.hpp>
#include <hbcast/cluster/event_queue.hpp>
#include <hbcast/cluster/schedule_builder.hpp>

namespace hbcast {

ClusterSchedule schedule_lcf_no_idle(const ClusterInstance& instance)
{
  return schedule_lcf_no_idle_in_order(instance, largest_first_order(instance));
}

ClusterSchedule schedule_lcf_no_idle_in_order(const ClusterInstance& instance, const std::vector<std::size_t>& order)
{
  ScheduleBuilder builder(instance, order);
  const double c = instance.global_cost;
  EventQueue<std::size_t> free_clusters;  // a cluster whose every node is free at that time
  free_clusters.push(builder.local_broadcast(0, instance.sizes[0], 0.0), 0);
  std::size_t next = 0;
  while (!free_clusters.empty() && next < order.size()) {
    const auto [time, cluster] = free_clusters.pop();
    for (std::size_t local = 0; local < instance.sizes[cluster] && next < order.size(); ++local) {
      const std::size_t to = order[next++];
      builder.global(cluster, local, to, time);
      free_clusters.push(builder.local_broadcast(to, instance.sizes[to], time + c), to);
    }
    free_clusters.push(time + c, cluster);
  }
  return builder.take();
}

}  // namespace hbcast
