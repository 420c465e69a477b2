#include <hbcast/core/slice_interleaving.hpp>

#include <algorithm>
#include <numeric>

namespace hbcast {

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

}  // namespace hbcast
