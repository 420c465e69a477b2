#pragma once
#include <hbcast/grid/grid_instance.hpp>
#include <hbcast/grid/grid_schedule.hpp>

namespace hbcast {

/// ECEF-LAT (Barchet-Steffenel-Mounié section 5.2, capital T for maximum): minimise RT_i + g_ij + L_ij + F_j with
/// F_j = max over k in B minus {j} of (g_jk + L_jk + T_k): slow clusters get served early.
GridSchedule schedule_ecef_lat_max(const GridInstance& instance);

}  // namespace hbcast
