#pragma once
#include <hbcast/cluster/cluster_instance.hpp>
#include <hbcast/cluster/cluster_schedule.hpp>

namespace hbcast {

/// Bounded Degree Multicast (Khuller-Kim-Wan, section 4.2): select the first d_i nodes of each cluster
/// (members first: members are each cluster's first n'_i nodes), run LCF Multicast on them with
/// targets min(d_i, n'_i), then broadcast locally to the remaining members.
ClusterSchedule schedule_bounded_degree_multicast(const ClusterInstance& instance);

}  // namespace hbcast
