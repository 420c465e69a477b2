#include <hbcast/core/element_ranges.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace hbcast {

ElementRange slice_range(std::size_t count, std::size_t slices, std::size_t slice)
{
  if (slices == 0 || slice >= slices)
    throw std::invalid_argument("slice_range: slice " + std::to_string(slice) + " of " + std::to_string(slices));
  const std::size_t base = count / slices, longer = count % slices;
  return {slice * base + std::min(slice, longer), base + (slice < longer ? 1 : 0)};
}

ElementRange slices_range(std::size_t count, std::size_t slices, std::size_t first_slice, std::size_t slice_count)
{
  const std::size_t end = std::min(slices, first_slice + slice_count);
  if (first_slice >= end)
    return {first_slice < slices ? slice_range(count, slices, first_slice).first : count, 0};
  const ElementRange first = slice_range(count, slices, first_slice);
  const ElementRange last = slice_range(count, slices, end - 1);
  return {first.first, last.first + last.count - first.first};
}

ElementRange fraction_of(const ElementRange& range, double from, double to)
{
  if (!(0.0 <= from && from <= to && to <= 1.0))
    throw std::invalid_argument("fraction_of: need 0 <= from <= to <= 1");
  const double n = static_cast<double>(range.count);
  // Clamped: floor(1.0 * n) is n, and a fraction a rounding step above 1 stays inside.
  const auto at = [&](double fraction) {
    return std::min(range.count, static_cast<std::size_t>(std::floor(fraction * n)));
  };
  const std::size_t begin = at(from), end = std::max(begin, at(to));
  return {range.first + begin, end - begin};
}

std::vector<double> cumulative_shares(const std::vector<double>& weights)
{
  const double total = std::accumulate(weights.begin(), weights.end(), 0.0);
  if (weights.empty() || !(total > 0.0) || !std::isfinite(total))
    throw std::invalid_argument("cumulative_shares: the weights need a positive, finite sum");
  std::vector<double> shares{0.0};
  double sum = 0.0;
  for (double weight : weights) {
    if (!(weight >= 0.0))
      throw std::invalid_argument("cumulative_shares: a weight is negative");
    sum += weight;
    shares.push_back(sum / total);
  }
  shares.back() = 1.0;  // the last tree ends at the range's end, whatever the rounding
  return shares;
}

}  // namespace hbcast
