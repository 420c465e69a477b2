#include <hbcast/grid/bottom_up.hpp>

#include "grid_round_state.hpp"

namespace hbcast {

using namespace grid_detail;

GridSchedule schedule_bottom_up(const GridInstance& instance)
{
  RoundState state(instance);
  // max over j of (min over A of g_ij + L_ij, kept as A grows) + T_j.
  return run_rounds(state, BestSenders::Key::transfer, Pick::maximum,
                    [&instance](std::size_t j) { return instance.broadcast_time(j); });
}

}  // namespace hbcast
