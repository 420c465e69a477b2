#include <hbcast/grid/ecef_lat_max.hpp>

#include "grid_round_state.hpp"

namespace hbcast {

GridSchedule schedule_ecef_lat_max(const GridInstance& instance)
{
  auto weight = [&instance](std::size_t j, std::size_t k) { return instance.transfer_time(j, k) + instance.broadcast_time(k); };
  grid_detail::RoundState initial(instance);
  grid_detail::ExtremumLookahead<decltype(weight), true> lookahead(initial, weight);
  return grid_detail::run_ecef_with_lookahead(instance, lookahead);
}

}  // namespace hbcast
