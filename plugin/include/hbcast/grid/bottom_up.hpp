#pragma once
#include <hbcast/grid/grid_instance.hpp>
#include <hbcast/grid/grid_schedule.hpp>

namespace hbcast {

/// BottomUp (Barchet-Steffenel-Mounié section 5.3): max over j in B of min over i in A of (g_ij + L_ij + T_j): the
/// slowest cluster to finish goes first, from the sender that reaches it fastest. The formula has no
/// ready time and we follow it literally; the chosen sender sends when it is free.
GridSchedule schedule_bottom_up(const GridInstance& instance);

}  // namespace hbcast
