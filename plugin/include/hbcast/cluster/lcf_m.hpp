#pragma once
#include <hbcast/cluster/cluster_schedule.hpp>
#include <hbcast/cluster/schedule_builder.hpp>

#include <vector>

namespace hbcast {

/// Where LCF(m) stopped: the time, the global steps used and how far it went in its order (the
/// clusters it informed are 0 and order[0 .. next)).
struct LcfProgress {
  double time = 0.0;
  std::size_t global_steps = 0;
  std::size_t next = 0;  ///< position in the order of the next cluster to inform
};

/// LCF(m) (Khuller-Kim-Wan, section 3): Largest Cluster First in phases (section 2), stopped as soon as at
/// least m nodes hold the message (checked after every local round and every global step). Cluster
/// i uses only its first usable[i] nodes (bounded degree, section 4.1, runs it on I(d_i, d_i)).
/// Local phase: the clusters informed by the last global step double their holders round by round
/// until full. Global phase (C units): every holder sends to a distinct cluster, the next ones in
/// `order`. Every holder is free when it returns.
LcfProgress run_lcf_m(ScheduleBuilder& builder, const std::vector<std::size_t>& usable, std::size_t m,
                      const std::vector<std::size_t>& order);

/// Every holder of clusters 0, order[0], ..., order[next - 1] (prefixes, in that order).
std::vector<std::pair<std::size_t, std::size_t>> holders(const ScheduleBuilder& builder,
                                                         const std::vector<std::size_t>& order, std::size_t next);

/// Steps 2 and 3 of LCF Multicast and Bounded Size Broadcast (Khuller-Kim-Wan, sections 3 and 4.3), after
/// LCF(m) stopped at `progress`: the holders of its clusters inform every cluster of `order` not
/// reached yet whose target is > 0, at most `per_step` of them per global step (C units each; the
/// holders send again every step), then every cluster broadcasts locally to targets[i] holders.
/// Returns the end time.
double inform_remaining_clusters(ScheduleBuilder& builder, const LcfProgress& progress,
                                 const std::vector<std::size_t>& order, const std::vector<std::size_t>& targets,
                                 std::size_t per_step);

/// LCF(m) on its own: the schedule that makes at least m copies (largest-first order).
ClusterSchedule schedule_lcf_m(const ClusterInstance& instance, std::size_t m);

}  // namespace hbcast
