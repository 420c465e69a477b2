#include <hbcast/grid/ecef_la.hpp>

#include "grid_round_state.hpp"

namespace hbcast {

using namespace grid_detail;

GridSchedule schedule_ecef_la(const GridInstance& instance)
{
  return schedule_ecef_with_extremum(instance, LookaheadWeight::transfer, Pick::minimum);
}

}  // namespace hbcast
