#include <hbcast/grid/ecef_la_avg.hpp>

#include "grid_round_state.hpp"

namespace hbcast {
namespace {

using grid_detail::RoundState;

// sum_[j] = sum over k in B minus {j} of g_jk + L_jk; O(|B|) per round as clusters leave B.
class AverageLookahead {
public:
  explicit AverageLookahead(const RoundState& state) : state_(state), sum_(state.instance().cluster_count(), 0.0)
  {
    for (std::size_t j : state.waiting())
      for (std::size_t k : state.waiting())
        if (k != j)
          sum_[j] += state.instance().transfer_time(j, k);
  }
  /// j is waiting, so B \ {j} has |B| - 1 clusters.
  double value(std::size_t j) const
  {
    const std::size_t others = state_.waiting().size() - 1;
    return others == 0 ? 0.0 : sum_[j] / static_cast<double>(others);
  }
  void removed(std::size_t x)
  {
    for (std::size_t j : state_.waiting())
      sum_[j] -= state_.instance().transfer_time(j, x);
  }

private:
  const RoundState& state_;
  std::vector<double> sum_;
};

}  // namespace

GridSchedule schedule_ecef_la_avg(const GridInstance& instance)
{
  RoundState state(instance);
  AverageLookahead lookahead(state);
  return grid_detail::run_ecef_with_lookahead(state, lookahead);
}

}  // namespace hbcast
