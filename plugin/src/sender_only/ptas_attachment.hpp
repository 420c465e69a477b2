#pragma once
// Internal to the PTAS (Khuller-Kim-Woeginger, section 3, "Attach T to F"): the dynamic program over the
// sending points of the fast processors.
#include "ptas_multiset.hpp"
#include "ptas_slow_trees.hpp"

#include <optional>
#include <vector>

namespace hbcast::ptas_detail {

/// Khuller-Kim-Woeginger, section 3: state s[j, n_1..n_k] is true when trees attached to the first j sending
/// points (sorted by time x_j) use exactly n_i processors of class i and each finishes by the
/// deadline (its broadcast time is at most deadline - x_j). `points` are the x_j, nondecreasing.
/// Returns, for each point, the tree-table multiset attached there (0: none), once some s[j, s_1..s_k]
/// is true; nullopt when none is.
std::optional<std::vector<std::size_t>> attach_trees(const SlowTreeTable& table, const MixedRadix& totals,
                                                     const std::vector<double>& points, double deadline);

/// Elementary steps of attach_trees for class totals s_i, per-tree caps c_i and `point_count` points.
double attachment_work(const std::vector<std::size_t>& totals, const std::vector<std::size_t>& caps,
                       std::size_t point_count);

}  // namespace hbcast::ptas_detail
