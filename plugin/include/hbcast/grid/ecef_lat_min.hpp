#pragma once
#include <hbcast/grid/grid_instance.hpp>
#include <hbcast/grid/grid_schedule.hpp>

namespace hbcast {

/// ECEF-LAt (Barchet-Steffenel-Mounié section 5.1, small t for minimum): minimise RT_i + g_ij + L_ij + F_j with
/// F_j = min over k in B minus {j} of (g_jk + L_jk + T_k).
GridSchedule schedule_ecef_lat_min(const GridInstance& instance);

}  // namespace hbcast
