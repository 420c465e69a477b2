#include "slice_schedule.hpp"

#include <algorithm>
#include <numeric>

namespace hbcast::mpi {

std::vector<SliceRange> split_elements(std::size_t count, std::size_t slices)
{
  const std::size_t k = std::min(slices, count);
  std::vector<SliceRange> ranges;
  std::size_t first = 0;
  for (std::size_t j = 0; j < k; ++j) {
    const std::size_t length = count / k + (j < count % k ? 1 : 0);
    ranges.push_back({first, length});
    first += length;
  }
  return ranges;
}

std::vector<std::size_t> interleave_trees(const std::vector<double>& weights, std::size_t slices)
{
  // Nginx's smooth weighted round robin: every step each tree gains its weight, the richest
  // takes the slice and pays the total. Deterministic, and as even as the weights allow.
  const double total = std::accumulate(weights.begin(), weights.end(), 0.0);
  std::vector<double> credit(weights.size(), 0.0);
  std::vector<std::size_t> chosen;
  for (std::size_t j = 0; j < slices; ++j) {
    for (std::size_t t = 0; t < weights.size(); ++t)
      credit[t] += weights[t];
    const auto best = static_cast<std::size_t>(std::max_element(credit.begin(), credit.end()) - credit.begin());
    credit[best] -= total;
    chosen.push_back(best);
  }
  return chosen;
}

}  // namespace hbcast::mpi
