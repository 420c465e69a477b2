#pragma once
#include <hbcast/cluster/cluster_instance.hpp>
#include <hbcast/cluster/cluster_schedule.hpp>

namespace hbcast {

/// LCF in the postal model (Khuller-Kim-Wan, section 5.1): a global send occupies its sender 1 unit and
/// arrives C units after it starts. Phases: local broadcasting in K_0; then a global window of C
/// units in which every node of a fully informed cluster starts a global transfer every unit (to
/// the largest uninformed clusters, in start order); the clusters reached by the window's first
/// sends (L_i, arriving at its end) then broadcast locally for ceil(log2 |A_i|) units, during which
/// nobody starts global transfers; the next window opens. A cluster starts its local broadcast when
/// its message arrives and joins a window once fully informed. The instance's postal flag must be set
/// for the checker to apply the postal rules.
ClusterSchedule schedule_postal_lcf(const ClusterInstance& instance);

}  // namespace hbcast
