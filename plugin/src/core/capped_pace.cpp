#include <hbcast/core/capped_pace.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace hbcast {

double capped_round_seconds(const std::vector<double>& weights, std::size_t round_slices)
{
  const double total = std::accumulate(weights.begin(), weights.end(), 0.0);
  if (!(total > 0.0) || round_slices == 0)
    throw std::invalid_argument("the rate-capped form needs positive weights and rounds of at least one slice");
  return static_cast<double>(round_slices) / total / (1.0 - kCappedPaceSlack);
}

std::size_t capped_receives(double largest_edge_latency, double round_seconds)
{
  if (!(round_seconds > 0.0) || !(largest_edge_latency >= 0.0))
    throw std::invalid_argument("the rate-capped form's receives need a positive round and a latency >= 0");
  // Bounded: a round far shorter than the latency would post a receive per part anyway.
  const double parts = std::ceil(largest_edge_latency / round_seconds);
  return 2 + static_cast<std::size_t>(std::min(parts, 1e6));
}

}  // namespace hbcast
