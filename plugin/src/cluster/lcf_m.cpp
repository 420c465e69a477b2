#include <hbcast/cluster/lcf_m.hpp>

#include <hbcast/cluster/cluster_order.hpp>

#include <algorithm>

namespace hbcast {

std::vector<std::pair<std::size_t, std::size_t>> holders(const ScheduleBuilder& builder,
                                                         const std::vector<std::size_t>& order, std::size_t next)
{
  std::vector<std::pair<std::size_t, std::size_t>> nodes;
  nodes.reserve(builder.total_informed());
  for (std::size_t j = 0; j <= next; ++j) {
    const std::size_t cluster = j == 0 ? 0 : order[j - 1];  // cluster 0 first, then the order
    for (std::size_t local = 0; local < builder.informed(cluster); ++local)
      nodes.push_back({cluster, local});
  }
  return nodes;
}

LcfProgress run_lcf_m(ScheduleBuilder& builder, const std::vector<std::size_t>& usable, std::size_t m,
                      const std::vector<std::size_t>& order)
{
  const double c = builder.instance().global_cost;
  LcfProgress progress;
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
    const auto senders = holders(builder, order, progress.next);
    latest.clear();
    for (const auto& [cluster, local] : senders) {
      if (progress.next == order.size())
        break;
      const std::size_t to = order[progress.next++];
      builder.global(cluster, local, to, progress.time);
      latest.push_back(to);
    }
    progress.time += c;
    ++progress.global_steps;
  }
  return progress;
}

double inform_remaining_clusters(ScheduleBuilder& builder, const LcfProgress& progress,
                                 const std::vector<std::size_t>& order, const std::vector<std::size_t>& targets,
                                 std::size_t per_step)
{
  double time = progress.time;
  std::vector<std::size_t> missing;
  for (std::size_t j = progress.next; j < order.size(); ++j)  // the clusters before `next` are informed
    if (targets[order[j]] > 0)
      missing.push_back(order[j]);
  const auto senders = holders(builder, order, progress.next);
  const std::size_t width = std::min(per_step, senders.size());
  for (std::size_t j = 0; j < missing.size(); j += width) {
    for (std::size_t s = 0; s < width && j + s < missing.size(); ++s)
      builder.global(senders[s].first, senders[s].second, missing[j + s], time);
    time += builder.instance().global_cost;
  }
  double end = time;
  for (std::size_t cluster = 0; cluster < targets.size(); ++cluster)
    end = std::max(end, builder.local_broadcast(cluster, targets[cluster], time));
  return end;
}

ClusterSchedule schedule_lcf_m(const ClusterInstance& instance, std::size_t m)
{
  ScheduleBuilder builder(instance);
  run_lcf_m(builder, instance.sizes, m, largest_first_order(instance));
  return builder.take();
}

}  // namespace hbcast
