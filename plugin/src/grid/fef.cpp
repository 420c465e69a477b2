#include <hbcast/grid/fef.hpp>

#include "grid_round_state.hpp"

namespace hbcast {

using namespace grid_detail;

GridSchedule schedule_fef(const GridInstance& instance)
{
  RoundState state(instance);
  // The edge weight alone: no ready time, nothing added.
  return run_rounds(state, BestSenders::Key::latency, Pick::minimum);
}

}  // namespace hbcast
