#include <hbcast/cluster/postal_lcf.hpp>

#include <hbcast/cluster/cluster_order.hpp>
#include <hbcast/cluster/event_queue.hpp>
#include <hbcast/cluster/schedule_builder.hpp>
#include <hbcast/core/binomial_tree.hpp>

#include <algorithm>

namespace hbcast {

ClusterSchedule schedule_postal_lcf(const ClusterInstance& instance)
{
  ScheduleBuilder builder(instance);
  const auto order = largest_first_order(instance);
  const double c = instance.global_cost;
  std::vector<double> full(instance.cluster_count(), 0.0);  // time a cluster is fully informed
  double window = full[0] = builder.local_broadcast(0, instance.sizes[0], 0.0);
  std::size_t next = 0;
  while (next < order.size()) {
    const double window_end = window + c;
    EventQueue<std::size_t> starts;  // a cluster whose nodes may each start a global send then
    const auto may_start = [&](std::size_t cluster) {
      if (std::max(window, full[cluster]) < window_end)
        starts.push(std::max(window, full[cluster]), cluster);
    };
    may_start(0);  // the informed clusters: 0 and order[0 .. next)
    for (std::size_t j = 0; j < next; ++j)
      may_start(order[j]);
    std::size_t first_wave_rounds = 0;  // ceil(log2 |A_i|)
    while (!starts.empty() && next < order.size()) {
      const auto [time, cluster] = starts.pop();
      for (std::size_t local = 0; local < instance.sizes[cluster] && next < order.size(); ++local) {
        const std::size_t to = order[next++];
        builder.global(cluster, local, to, time);
        full[to] = builder.local_broadcast(to, instance.sizes[to], time + c);
        if (time == window)
          first_wave_rounds = std::max(first_wave_rounds, binomial_rounds(instance.sizes[to]));
      }
      if (time + 1.0 < window_end)
        starts.push(time + 1.0, cluster);
    }
    window = window_end + static_cast<double>(first_wave_rounds);
  }
  return builder.take();
}

}  // namespace hbcast
