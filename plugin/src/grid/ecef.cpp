#include <hbcast/grid/ecef.hpp>

#include "grid_round_state.hpp"

namespace hbcast {
namespace {

struct NoLookahead {
  double value(std::size_t) const { return 0.0; }
  void removed(std::size_t, const grid_detail::RoundState&) {}
};

}  // namespace

GridSchedule schedule_ecef(const GridInstance& instance)
{
  NoLookahead lookahead;
  return grid_detail::run_ecef_with_lookahead(instance, lookahead);
}

}  // namespace hbcast
