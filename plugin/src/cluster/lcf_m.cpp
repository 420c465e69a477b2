#include <hbcast/cluster/lcf_m.hpp>

#include <hbcast/cluster/cluster_order.hpp>

namespace hbcast {

std::vector<std::pair<std::size_t, std::size_t>> holders(const ScheduleBuilder& builder,
                                                         const std::vector<std::size_t>& clusters)
{
  std::vector<std::pair<std::size_t, std::size_t>> nodes;
  nodes.reserve(builder.total_informed());
  for (auto cluster : clusters)
    for (std::size_t local = 0; local < builder.informed(cluster); ++local)
      nodes.push_back({cluster, local});
  return nodes;
}

LcfProgress run_lcf_m(ScheduleBuilder& builder, const std::vector<std::size_t>& usable, std::size_t m,
                      const std::vector<std::size_t>& order)
{
  const double c = builder.instance().global_cost;
  LcfProgress progress;
  progress.informed_clusters = {0};
  std::vector<std::size_t> latest = {0};  // L_i
  while (builder.total_informed() < m) {
    // Local phase: L_i's clusters broadcast in lockstep.
    while (builder.total_informed() < m) {
      bool sent = false;
      for (auto cluster : latest)
        sent |= builder.local_round(cluster, usable[cluster], progress.time);
      if (!sent)
        break;
      progress.time += 1.0;
    }
    if (builder.total_informed() >= m || progress.next == order.size())
      break;
    // Global phase: each holder informs one of the largest clusters not informed yet.
    const auto senders = holders(builder, progress.informed_clusters);
    latest.clear();
    for (const auto& [cluster, local] : senders) {
      if (progress.next == order.size())
        break;
      const std::size_t to = order[progress.next++];
      builder.global(cluster, local, to, progress.time);
      latest.push_back(to);
    }
    progress.informed_clusters.insert(progress.informed_clusters.end(), latest.begin(), latest.end());
    progress.time += c;
    ++progress.global_steps;
  }
  return progress;
}

ClusterSchedule schedule_lcf_m(const ClusterInstance& instance, std::size_t m)
{
  instance.validate();
  ScheduleBuilder builder(instance);
  run_lcf_m(builder, instance.sizes, m, largest_first_order(instance));
  return builder.take();
}

}  // namespace hbcast
