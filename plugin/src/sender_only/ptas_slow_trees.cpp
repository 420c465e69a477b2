#include "ptas_slow_trees.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace hbcast::ptas_detail {
namespace {
constexpr double kInfinity = std::numeric_limits<double>::infinity();
}

SlowTreeTable::SlowTreeTable(std::vector<double> class_times, MixedRadix radix, double budget)
    : class_times_(std::move(class_times)), radix_(std::move(radix)), budget_(budget),
      best_(radix_.size(), kInfinity), best_root_(radix_.size(), 0),
      rooted_(class_times_.size() * radix_.size(), kInfinity), first_child_(rooted_.size(), 0)
{
  best_[0] = 0.0;
  for (std::size_t r = 0; r < class_times_.size(); ++r)
    rooted_[rooted_index(r, 0)] = 0.0;
  std::vector<std::size_t> bounds(radix_.digits());
  // Every multiset a formula reads (M - e_r, A, R - A) is numbered below the one being filled.
  for (std::size_t m = 1; m < radix_.size(); ++m)
    fill(m, bounds);
}

void SlowTreeTable::fill(std::size_t multiset, std::vector<std::size_t>& bounds)
{
  for (std::size_t r = 0; r < class_times_.size(); ++r) {
    if (radix_.digit(multiset, r) == 0)
      continue;
    const double candidate = rooted_[rooted_index(r, multiset - radix_.stride(r))];
    if (candidate < best_[multiset]) {
      best_[multiset] = candidate;
      best_root_[multiset] = r;
    }
  }
  for (std::size_t i = 0; i < bounds.size(); ++i)
    bounds[i] = radix_.digit(multiset, i);
  for_each_submultiset(bounds, radix_, radix_, [&](std::size_t first, std::size_t) {
    if (first == 0 || best_[first] == kInfinity)
      return;
    for (std::size_t r = 0; r < class_times_.size(); ++r) {
      if (class_times_[r] == kInfinity)
        continue;
      const double candidate = class_times_[r] + std::max(best_[first], rooted_[rooted_index(r, multiset - first)]);
      const std::size_t at = rooted_index(r, multiset);
      if (candidate <= budget_ && candidate < rooted_[at]) {
        rooted_[at] = candidate;
        first_child_[at] = first;
      }
    }
  });
}

NodeId SlowTreeTable::build(std::size_t multiset, std::vector<std::vector<NodeId>>& pools, BroadcastTree& tree) const
{
  const std::size_t r = best_root_[multiset];
  const NodeId root = pools[r].back();
  pools[r].pop_back();
  std::size_t rest = multiset - radix_.stride(r);
  while (rest != 0) {  // the root's children in send order: first subtree, then the rest's
    const std::size_t first = first_child_[rooted_index(r, rest)];
    tree.add_child(root, build(first, pools, tree));
    rest -= first;
  }
  return root;
}

double SlowTreeTable::work(const std::vector<std::size_t>& caps, std::size_t sending_classes)
{
  // sum over M of prod_i (m_i + 1) = prod_i (c_i + 1)(c_i + 2) / 2, times the root classes.
  double pairs = 1.0;
  for (std::size_t c : caps)
    pairs *= 0.5 * static_cast<double>(c + 1) * static_cast<double>(c + 2);
  return pairs * static_cast<double>(std::max<std::size_t>(sending_classes, 1));
}

}  // namespace hbcast::ptas_detail
