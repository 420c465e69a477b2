#pragma once
#include <hbcast/grid/grid_instance.hpp>
#include <hbcast/grid/grid_schedule.hpp>

namespace hbcast {

/// Flat tree (Barchet-Steffenel-Mounié, section 4.1; ECO, MagPIe): the root cluster's coordinator sends to every
/// other coordinator in turn, in cluster index order, ignoring every other source.
GridSchedule schedule_grid_flat(const GridInstance& instance);

}  // namespace hbcast
