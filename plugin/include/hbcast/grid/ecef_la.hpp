#pragma once
#include <hbcast/grid/grid_instance.hpp>
#include <hbcast/grid/grid_schedule.hpp>

namespace hbcast {

/// ECEF with Bhat's lookahead (Barchet-Steffenel-Mounié section 4.4): minimise RT_i + g_ij + L_ij + F_j with
/// F_j = min over k in B minus {j} of (g_jk + L_jk), how fast j could serve the rest of B.
GridSchedule schedule_ecef_la(const GridInstance& instance);

}  // namespace hbcast
