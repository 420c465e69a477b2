#include <hbcast/cluster/lcf_multicast.hpp>

#include <hbcast/cluster/cluster_order.hpp>
#include <hbcast/cluster/lcf_m.hpp>

#include <algorithm>

namespace hbcast {

double run_lcf_multicast(ScheduleBuilder& builder, const std::vector<std::size_t>& usable,
                         const std::vector<std::size_t>& targets, const std::vector<std::size_t>& order)
{
  std::size_t wanted = 0;  // k'
  for (std::size_t i = 1; i < targets.size(); ++i)
    wanted += targets[i] > 0;
  LcfProgress progress = run_lcf_m(builder, usable, wanted, order);
  double time = progress.time;
  std::vector<std::size_t> missing;
  for (auto cluster : order)
    if (targets[cluster] > 0 && builder.informed(cluster) == 0)
      missing.push_back(cluster);
  if (!missing.empty()) {
    const auto senders = holders(builder, progress.informed_clusters);  // at least k' of them
    for (std::size_t j = 0; j < missing.size(); ++j)
      builder.global(senders[j].first, senders[j].second, missing[j], time);
    time += builder.instance().global_cost;
  }
  double end = time;
  for (std::size_t cluster = 0; cluster < targets.size(); ++cluster)
    end = std::max(end, builder.local_broadcast(cluster, targets[cluster], time));
  return end;
}

ClusterSchedule schedule_lcf_multicast(const ClusterInstance& instance)
{
  instance.validate();
  std::vector<std::size_t> targets(instance.cluster_count());
  for (std::size_t i = 0; i < targets.size(); ++i)
    targets[i] = instance.target(i);
  ScheduleBuilder builder(instance);
  run_lcf_multicast(builder, instance.sizes, targets, largest_first_order(instance));
  return builder.take();
}

}  // namespace hbcast
