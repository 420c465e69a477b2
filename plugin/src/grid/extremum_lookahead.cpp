// ECEF-LA, ECEF-LAt and ECEF-LAT (Barchet-Steffenel-Mounié, sections 4.4 and 5.1): ECEF plus F_j, an extremum of
// a weight over the other waiting clusters.
#include "grid_round_state.hpp"

namespace hbcast::grid_detail {
namespace {

/// F_j = min (or max) over k in B \ {j} of weight(j, k), kept incrementally: when k leaves B, only
/// the j whose extremum was k are rescanned.
class ExtremumLookahead {
public:
  ExtremumLookahead(const RoundState& state, LookaheadWeight weight, Pick extremum)
      : state_(state), weight_(weight), extremum_(extremum), best_(state.instance().cluster_count())
  {
    for (std::size_t j : state.waiting())
      rescan(j);
  }
  double value(std::size_t j) const { return best_[j].receiver == kAlone ? 0.0 : best_[j].value; }
  void removed(std::size_t k)
  {
    for (std::size_t j : state_.waiting())
      if (best_[j].receiver == k)
        rescan(j);
  }

private:
  static constexpr std::size_t kAlone = std::numeric_limits<std::size_t>::max();
  double weight(std::size_t j, std::size_t k) const
  {
    const GridInstance& instance = state_.instance();
    return weight_ == LookaheadWeight::transfer ? instance.transfer_time(j, k)
                                                : instance.transfer_time(j, k) + instance.broadcast_time(k);
  }
  void rescan(std::size_t j)
  {
    Candidate best{extremum_ == Pick::maximum ? -kInfinity : kInfinity, kAlone, 0};
    for (std::size_t k : state_.waiting())
      if (k != j) {
        const Candidate candidate{weight(j, k), k, 0};
        if (better(extremum_, candidate, best))
          best = candidate;
      }
    best_[j] = best;
  }
  const RoundState& state_;
  LookaheadWeight weight_;
  Pick extremum_;
  std::vector<Candidate> best_;  // .receiver holds the k reaching the extremum
};

}  // namespace

GridSchedule schedule_ecef_with_extremum(const GridInstance& instance, LookaheadWeight weight, Pick extremum)
{
  return ecef_with<ExtremumLookahead>(instance, weight, extremum);
}

}  // namespace hbcast::grid_detail
