#include <hbcast/grid/ecef_la_avg.hpp>

#include "grid_round_state.hpp"

namespace hbcast {
namespace {

using grid_detail::RoundState;

// F_j = the mean of g_jk + L_jk over k in B minus {j}.
class AverageLookahead {
public:
  explicit AverageLookahead(const RoundState& state) : state_(state), sums_(state) {}
  /// j is waiting, so B \ {j} has |B| - 1 clusters.
  double value(std::size_t j) const
  {
    const std::size_t others = state_.waiting().size() - 1;
    return others == 0 ? 0.0 : sums_[j] / static_cast<double>(others);
  }
  void removed(std::size_t x) { sums_.removed(x); }

private:
  const RoundState& state_;
  grid_detail::SumsToWaiting sums_;
};

}  // namespace

GridSchedule schedule_ecef_la_avg(const GridInstance& instance)
{
  return grid_detail::ecef_with<AverageLookahead>(instance);
}

}  // namespace hbcast
