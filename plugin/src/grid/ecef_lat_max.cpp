#include <hbcast/grid/ecef_lat_max.hpp>

#include "grid_round_state.hpp"

namespace hbcast {

using namespace grid_detail;

GridSchedule schedule_ecef_lat_max(const GridInstance& instance)
{
  return schedule_ecef_with_extremum(instance, LookaheadWeight::transfer_then_broadcast, Pick::maximum);
}

}  // namespace hbcast
