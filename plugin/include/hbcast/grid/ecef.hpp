#pragma once
#include <hbcast/grid/grid_instance.hpp>
#include <hbcast/grid/grid_schedule.hpp>

namespace hbcast {

/// Early Completion Edge First (Bhat et al., Barchet-Steffenel-Mounié section 4.3): each round, the pair minimising
/// RT_i + g_ij(m) + L_ij, the time the transfer would end.
GridSchedule schedule_ecef(const GridInstance& instance);

}  // namespace hbcast
