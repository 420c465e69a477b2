#include <hbcast/grid/fef.hpp>

#include "grid_round_state.hpp"

namespace hbcast {

using namespace grid_detail;

GridSchedule schedule_fef(const GridInstance& instance)
{
  RoundState state(instance);
  BestSenders senders(state, BestSenders::Key::latency);  // the edge weight alone: no ready time
  while (!state.done()) {
    Candidate chosen;
    for (std::size_t j : state.waiting())
      if (const Candidate best = senders.best(j); better_min(best, chosen))
        chosen = best;
    state.send(chosen.sender, chosen.receiver);
    senders.after_send(chosen.sender, chosen.receiver);
  }
  return state.finish();
}

}  // namespace hbcast
