#include <hbcast/grid/ecef_la_avg.hpp>

#include "grid_round_state.hpp"

namespace hbcast {
namespace {

using grid_detail::RoundState;

// sum_[j] = sum over k in B minus {j} of g_jk + L_jk; O(|B|) per round as clusters leave B.
class AverageLookahead {
public:
  explicit AverageLookahead(const GridInstance& instance) : instance_(instance), sum_(instance.cluster_count(), 0.0)
  {
    const RoundState initial(instance);
    for (std::size_t j : initial.waiting())
      for (std::size_t k : initial.waiting())
        if (k != j)
          sum_[j] += instance.transfer_time(j, k);
    others_ = initial.waiting().empty() ? 0 : initial.waiting().size() - 1;
  }
  double value(std::size_t j) const { return others_ == 0 ? 0.0 : sum_[j] / static_cast<double>(others_); }
  void removed(std::size_t x, const RoundState& state)
  {
    for (std::size_t j : state.waiting())
      sum_[j] -= instance_.transfer_time(j, x);
    --others_;
  }

private:
  const GridInstance& instance_;
  std::vector<double> sum_;
  std::size_t others_ = 0;
};

}  // namespace

GridSchedule schedule_ecef_la_avg(const GridInstance& instance)
{
  AverageLookahead lookahead(instance);
  return grid_detail::run_ecef_with_lookahead(instance, lookahead);
}

}  // namespace hbcast
