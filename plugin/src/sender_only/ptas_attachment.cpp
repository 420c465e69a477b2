#include "ptas_attachment.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>

namespace hbcast::ptas_detail {
namespace {

constexpr std::uint32_t kUnreached = std::numeric_limits<std::uint32_t>::max();

// Number of a tree-table multiset in the DP's radix.
std::size_t to_totals_index(std::size_t tree_multiset, const MixedRadix& tree_radix, const MixedRadix& totals)
{
  std::size_t index = 0;
  for (std::size_t i = 0; i < totals.digits(); ++i)
    index += tree_radix.digit(tree_multiset, i) * totals.stride(i);
  return index;
}

// One DP step: layer j from layer j - 1 at a point with `budget` = deadline - x_j. A state keeps
// the tree it was first reached with (0: reached without a tree at this point).
void advance(const std::vector<std::uint32_t>& previous, std::vector<std::uint32_t>& next, const SlowTreeTable& table,
             const MixedRadix& totals, double budget)
{
  const MixedRadix& tree_radix = table.radix();
  std::vector<std::size_t> bounds(totals.digits());
  for (std::size_t state = 0; state < totals.size(); ++state) {
    if (previous[state] == kUnreached)
      continue;
    if (next[state] == kUnreached)
      next[state] = 0;
    for (std::size_t i = 0; i < bounds.size(); ++i)
      bounds[i] = std::min(totals.cap(i) - totals.digit(state, i), tree_radix.cap(i));
    for_each_submultiset(bounds, tree_radix, totals, [&](std::size_t tree, std::size_t added) {
      if (tree != 0 && next[state + added] == kUnreached && table.makespan(tree) <= budget)
        next[state + added] = static_cast<std::uint32_t>(tree);
    });
  }
}

}  // namespace

std::optional<std::vector<std::size_t>> attach_trees(const SlowTreeTable& table, const MixedRadix& totals,
                                                     const std::vector<double>& points, double deadline)
{
  const std::size_t full = totals.size() - 1;  // every slow processor placed: s[j, s_1..s_k]
  std::vector<std::vector<std::uint32_t>> layers(1, std::vector<std::uint32_t>(totals.size(), kUnreached));
  layers[0][0] = 0;
  std::size_t j = 0;
  while (layers[j][full] == kUnreached && j < points.size()) {
    layers.emplace_back(totals.size(), kUnreached);
    advance(layers[j], layers[j + 1], table, totals, deadline - points[j]);
    ++j;
  }
  if (layers[j][full] == kUnreached)
    return std::nullopt;
  std::vector<std::size_t> attached(points.size(), 0);
  std::size_t state = full;
  for (; j > 0; --j) {
    const std::size_t tree = layers[j][state];
    attached[j - 1] = tree;
    state -= to_totals_index(tree, table.radix(), totals);
  }
  return attached;
}

double attachment_work(const std::vector<std::size_t>& totals, const std::vector<std::size_t>& caps,
                       std::size_t point_count)
{
  // sum over states N of prod_i (min(s_i - N_i, c_i) + 1), per point (plus one visit per state).
  double per_point = 1.0;
  for (std::size_t i = 0; i < totals.size(); ++i) {
    double digit_sum = 0.0;
    for (std::size_t n = 0; n <= totals[i]; ++n)
      digit_sum += static_cast<double>(std::min(totals[i] - n, caps[i]) + 1);
    per_point *= digit_sum;
  }
  return per_point * static_cast<double>(std::max<std::size_t>(point_count, 1));
}

}  // namespace hbcast::ptas_detail
