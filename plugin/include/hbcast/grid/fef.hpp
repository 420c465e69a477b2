#pragma once
#include <hbcast/grid/grid_instance.hpp>
#include <hbcast/grid/grid_schedule.hpp>

namespace hbcast {

/// Fastest Edge First (Bhat et al., Barchet-Steffenel-Mounié section 4.2): each round, the pair (i in A, j in B) of
/// smallest edge weight, ready times ignored (the sender then sends when it is free). The weight is
/// the latency L_ij, as the paper says ("usually, this edge weight corresponds to the communication
/// latency"; section 6: "communication latency is not a sufficient parameter"), so FEF ignores
/// the gap g_ij(m) that dominates large messages.
GridSchedule schedule_fef(const GridInstance& instance);

}  // namespace hbcast
