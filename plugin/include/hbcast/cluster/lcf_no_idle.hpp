#pragma once
#include <hbcast/cluster/cluster_instance.hpp>
#include <hbcast/cluster/cluster_schedule.hpp>

#include <vector>

namespace hbcast {

/// LCF with the improvement Khuller-Kim-Wan notes after the algorithm (section 2): once a cluster is
/// fully informed, each of its nodes performs a global transfer every C units, to the largest
/// uninformed cluster, without waiting for the other clusters' local phases. Each cluster still
/// receives one global message. Events are processed in time order (ties: first scheduled first).
ClusterSchedule schedule_lcf_no_idle(const ClusterInstance& instance);
/// The same, picking uninformed clusters in `order` (clusters 1..k-1) instead of by size.
ClusterSchedule schedule_lcf_no_idle_in_order(const ClusterInstance& instance, const std::vector<std::size_t>& order);

}  // namespace hbcast
