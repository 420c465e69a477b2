#pragma once
#include <hbcast/cluster/cluster_instance.hpp>
#include <hbcast/cluster/cluster_schedule.hpp>

namespace hbcast {

/// Bounded Size Matching Multicast (Khuller-Kim-Wan, section 4.4): LCF Multicast when k' <= B (it never
/// has more than k' global transfers at once); otherwise LCF(B) with any node, then B copies per C
/// units to the uninformed clusters of M, then local broadcasting to the members.
ClusterSchedule schedule_bounded_matching_multicast(const ClusterInstance& instance);

}  // namespace hbcast
