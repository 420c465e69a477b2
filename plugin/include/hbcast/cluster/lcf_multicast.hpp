#pragma once
#include <hbcast/cluster/cluster_instance.hpp>
#include <hbcast/cluster/cluster_schedule.hpp>
#include <hbcast/cluster/schedule_builder.hpp>

#include <vector>

namespace hbcast {

/// LCF Multicast (Khuller-Kim-Wan, section 3) on `builder`, cluster i using its first usable[i] nodes and
/// needing targets[i] holders (targets[i] <= usable[i], > 0 exactly for the receiving clusters):
///   1. LCF(k') with any node, k' = number of receiving clusters (ClusterInstance::receiving_clusters);
///   2. one global step (C) sending a copy to each such cluster still uninformed;
///   3. local broadcasting to the targets (clusters in lockstep, from the holders they have).
/// Returns the end time.
double run_lcf_multicast(ScheduleBuilder& builder, const std::vector<std::size_t>& usable,
                         const std::vector<std::size_t>& targets, const std::vector<std::size_t>& order);

/// LCF Multicast on the instance's multicast counts (all nodes usable, largest-first order).
ClusterSchedule schedule_lcf_multicast(const ClusterInstance& instance);

}  // namespace hbcast
