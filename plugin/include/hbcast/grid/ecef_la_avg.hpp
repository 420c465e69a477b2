#pragma once
#include <hbcast/grid/grid_instance.hpp>
#include <hbcast/grid/grid_schedule.hpp>

namespace hbcast {

/// ECEF-LA with the first average-based lookahead Bhat suggests (Barchet-Steffenel-Mounié section 4.4): F_j = the mean
/// of g_jk + L_jk over k in B minus {j}, j's average cost to the clusters still waiting.
GridSchedule schedule_ecef_la_avg(const GridInstance& instance);

}  // namespace hbcast
