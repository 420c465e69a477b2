#include <hbcast/grid/ecef_la.hpp>

#include "grid_round_state.hpp"

namespace hbcast {

GridSchedule schedule_ecef_la(const GridInstance& instance)
{
  auto weight = [&instance](std::size_t j, std::size_t k) { return instance.transfer_time(j, k); };
  grid_detail::RoundState initial(instance);
  grid_detail::ExtremumLookahead<decltype(weight), false> lookahead(initial, weight);
  return grid_detail::run_ecef_with_lookahead(instance, lookahead);
}

}  // namespace hbcast
