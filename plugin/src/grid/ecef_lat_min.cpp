#include <hbcast/grid/ecef_lat_min.hpp>

#include "grid_round_state.hpp"

namespace hbcast {

using namespace grid_detail;

GridSchedule schedule_ecef_lat_min(const GridInstance& instance)
{
  return schedule_ecef_with_extremum(instance, LookaheadWeight::transfer_then_broadcast, Pick::minimum);
}

}  // namespace hbcast
