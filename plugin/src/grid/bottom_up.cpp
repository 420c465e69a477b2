#include <hbcast/grid/bottom_up.hpp>

#include "grid_round_state.hpp"

namespace hbcast {

using namespace grid_detail;

GridSchedule schedule_bottom_up(const GridInstance& instance)
{
  RoundState state(instance);
  BestSenders senders(state, BestSenders::Key::transfer);  // min over A of g_ij + L_ij, kept as A grows
  while (!state.done()) {
    Candidate chosen{-kInfinity, 0, 0};
    for (std::size_t j : state.waiting()) {
      const Candidate nearest = senders.best(j);
      const Candidate candidate{nearest.value + instance.broadcast_time(j), j, nearest.sender};
      if (better_max(candidate, chosen))
        chosen = candidate;
    }
    state.send(chosen.sender, chosen.receiver);
    senders.after_send(chosen.sender, chosen.receiver);
  }
  return state.finish();
}

}  // namespace hbcast
