#pragma once
#include <hbcast/cluster/cluster_instance.hpp>
#include <hbcast/cluster/cluster_schedule.hpp>

namespace hbcast {

/// Bounded Degree Broadcast (Khuller-Kim-Wan, section 4.1): LCF on I(d_i, d_i), the first d_i nodes of
/// each cluster, then local broadcasting to the other n_i - d_i nodes. At most d_i nodes of cluster
/// i ever take part in global transfers. Without degree limits it is LCF.
ClusterSchedule schedule_bounded_degree_broadcast(const ClusterInstance& instance);

}  // namespace hbcast
