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
  explicit SetAverageLookahead(const GridInstance& instance)
      : instance_(instance), from_a_(instance.cluster_count(), 0.0), to_b_(instance.cluster_count(), 0.0)
  {
    const RoundState initial(instance);
    const std::size_t root = instance.root_cluster();
    for (std::size_t j : initial.waiting()) {
      from_a_[j] = instance.transfer_time(root, j);
      sum_ += from_a_[j];
      for (std::size_t b : initial.waiting())
        if (b != j)
          to_b_[j] += instance.transfer_time(j, b);
    }
    informed_ = 1;
    waiting_ = initial.waiting().size();
  }
  double value(std::size_t j) const
  {
    const std::size_t pairs = (informed_ + 1) * (waiting_ - 1);
    return pairs == 0 ? 0.0 : (sum_ - from_a_[j] + to_b_[j]) / static_cast<double>(pairs);
  }
  void removed(std::size_t x, const RoundState& state)
  {
    sum_ += to_b_[x] - from_a_[x];
    for (std::size_t j : state.waiting()) {
      from_a_[j] += instance_.transfer_time(x, j);
      to_b_[j] -= instance_.transfer_time(j, x);
    }
    ++informed_;
    --waiting_;
  }

private:
  const GridInstance& instance_;
  std::vector<double> from_a_, to_b_;
  double sum_ = 0.0;
  std::size_t informed_ = 0, waiting_ = 0;
};

}  // namespace

GridSchedule schedule_ecef_la_avg_ab(const GridInstance& instance)
{
  SetAverageLookahead lookahead(instance);
  return grid_detail::run_ecef_with_lookahead(instance, lookahead);
}

}  // namespace hbcast
