#include <hbcast/grid/ecef_la_avg_ab.hpp>

#include "grid_round_state.hpp"

namespace hbcast {
namespace {

using grid_detail::RoundState;

// With S = sum over a in A, b in B of c_ab (c = g + L), from_a[j] = sum over a in A of c_aj and
// to_b[j] = sum over b in B minus {j} of c_jb, moving j to A gives the sum S - from_a[j] + to_b[j]
// over (|A| + 1)(|B| - 1) pairs. Each is updated in O(|B|) when a cluster leaves B.
class SetAverageLookahead {
public:
  explicit SetAverageLookahead(const RoundState& state)
      : state_(state), from_a_(state.instance().cluster_count(), 0.0), to_b_(state)
  {
    const std::size_t root = state.instance().root_cluster();  // A = {root}
    for (std::size_t j : state.waiting()) {
      from_a_[j] = state.instance().transfer_time(root, j);
      sum_ += from_a_[j];
    }
  }
  double value(std::size_t j) const
  {
    const std::size_t pairs = (state_.informed_count() + 1) * (state_.waiting().size() - 1);
    return pairs == 0 ? 0.0 : (sum_ - from_a_[j] + to_b_[j]) / static_cast<double>(pairs);
  }
  void removed(std::size_t x)
  {
    sum_ += to_b_[x] - from_a_[x];
    to_b_.removed(x);
    for (std::size_t j : state_.waiting())
      from_a_[j] += state_.instance().transfer_time(x, j);
  }

private:
  const RoundState& state_;
  std::vector<double> from_a_;
  grid_detail::SumsToWaiting to_b_;
  double sum_ = 0.0;
};

}  // namespace

GridSchedule schedule_ecef_la_avg_ab(const GridInstance& instance)
{
  return grid_detail::ecef_with<SetAverageLookahead>(instance);
}

}  // namespace hbcast
