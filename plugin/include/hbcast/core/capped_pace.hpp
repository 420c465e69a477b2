#pragma once
#include <cstddef>
#include <vector>

namespace hbcast {

/// The rate-capped form's root starts its rounds this fraction slower than the plan's rate, while
/// every transfer stays capped at its tree's full rate. Where the caps fill a link exactly (a
/// SHARED backbone that the steady-state program saturates), a part that starts late (its latency,
/// a byte more than its share) could never catch up at its cap, and each such delay would last to
/// the end; the slack lets every edge catch up.
constexpr double kCappedPaceSlack = 0.002;

/// Seconds between two of the root's rounds: round_slices / sum(weights), slowed by
/// kCappedPaceSlack. `weights` in slices per second, their sum positive.
double capped_round_seconds(const std::vector<double>& weights, std::size_t round_slices);

/// How many parts of one tree a node keeps receives posted for, so that no part waits for its
/// receiver to post one (under SMPI and SimGrid a transfer starts only once its receive is
/// posted): the parts its parent sends while one part crosses the slowest edge's latency and its
/// round, and one more. 2 + ceil(latency / round seconds), the latency the largest of a tree edge.
std::size_t capped_receives(double largest_edge_latency, double round_seconds);

}  // namespace hbcast
