#pragma once
#include <hbcast/cluster/cluster_instance.hpp>
#include <hbcast/cluster/cluster_schedule.hpp>
#include <hbcast/cluster/schedule_builder.hpp>

#include <vector>

namespace hbcast {

/// Bounded Size Broadcast (Khuller-Kim-Wan, section 4.3), at most B global transfers at a time:
///   1. LCF(B) (fewer than B holders in each of its global steps);
///   2. every C units, B holders each inform one more cluster (largest first, clusters with
///      targets[c] > 0 only) until every such cluster holds a copy;
///   3. local broadcasting to every cluster's target.
/// Returns the end time. Needs instance.matching_bound.
double run_bounded_matching(ScheduleBuilder& builder, const std::vector<std::size_t>& targets);

/// The broadcast (targets n_i). Throws std::invalid_argument without a matching bound.
ClusterSchedule schedule_bounded_matching_broadcast(const ClusterInstance& instance);

}  // namespace hbcast
