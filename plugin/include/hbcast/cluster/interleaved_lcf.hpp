#pragma once
#include <hbcast/cluster/cluster_instance.hpp>
#include <hbcast/cluster/cluster_schedule.hpp>

namespace hbcast {

/// Interleaved LCF (Khuller-Kim-Wan, section 5.2), postal model: from the time it holds the message,
/// every node alternates one-unit slots: a local slot (send to an uninformed node of its cluster,
/// if any) then a global slot (send to the largest uninformed cluster, if any); a slot with nothing
/// to do is idle. Slots are processed in time order, ties first come first served.
ClusterSchedule schedule_interleaved_lcf(const ClusterInstance& instance);

}  // namespace hbcast
