#include <hbcast/grid/ecef.hpp>

#include "grid_round_state.hpp"

namespace hbcast {

using namespace grid_detail;

GridSchedule schedule_ecef(const GridInstance& instance)
{
  RoundState state(instance);
  return run_rounds(state, BestSenders::Key::ready_plus_transfer, Pick::minimum);
}

}  // namespace hbcast
