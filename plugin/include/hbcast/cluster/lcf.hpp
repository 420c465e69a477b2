#pragma once
#include <hbcast/cluster/cluster_instance.hpp>
#include <hbcast/cluster/cluster_schedule.hpp>

#include <vector>

namespace hbcast {

/// Largest Cluster First as stated (Khuller-Kim-Wan, section 2): broadcast locally in K_0; then repeat a
/// global phase (every holder sends to one of the largest uninformed clusters, C units) and a local
/// phase (the clusters just informed broadcast locally, ceil(log2 |A_i|) units) until every cluster
/// is informed. Holders idle during local phases. Broadcast time
///   ceil(log2 n_0) + sum over the p global steps of (C + max over L_i of ceil(log2 n)).
ClusterSchedule schedule_lcf(const ClusterInstance& instance);
/// The same, picking uninformed clusters in `order` (clusters 1..k-1) instead of by size
/// (Appendix B: advertised sizes, random order).
ClusterSchedule schedule_lcf_in_order(const ClusterInstance& instance, const std::vector<std::size_t>& order);

}  // namespace hbcast
