#pragma once
#include <hbcast/grid/grid_instance.hpp>
#include <hbcast/grid/grid_schedule.hpp>

namespace hbcast {

/// ECEF-LA with the second average-based lookahead Bhat suggests (Barchet-Steffenel-Mounié section 4.4): F_j = the
/// mean of g_ab + L_ab over a in A + {j}, b in B minus {j}, the average cost between the two sets if j
/// joined A.
GridSchedule schedule_ecef_la_avg_ab(const GridInstance& instance);

}  // namespace hbcast
