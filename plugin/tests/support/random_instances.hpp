#pragma once
#include <hbcast/core/broadcast_tree.hpp>
#include <hbcast/model/dense_cost_model.hpp>

#include <cstdint>
#include <random>

namespace hbcast::test_support {

/// A uniformly random recursive tree on n nodes with random child orders (seeded).
BroadcastTree random_tree(std::size_t node_count, std::mt19937_64& rng);
/// The same, from a given root (e.g. the trees of one multi-tree plan).
BroadcastTree random_tree_from(std::size_t node_count, NodeId root, std::mt19937_64& rng);

/// A random heterogeneous star: host u has up/down NIC bandwidths and latencies; the route u->v
/// has latency lat_up(u) + lat_down(v) and bandwidth min(bw_up(u), bw_down(v)), and a random
/// multi-port send overhead. Mirrors what tests/support/star_platform builds in SimGrid.
struct StarParameters {
  std::vector<double> up_bandwidth, down_bandwidth, up_latency, down_latency, send_latency, send_bandwidth;
};
StarParameters random_star(std::size_t node_count, std::mt19937_64& rng);
DenseCostModel star_cost_model(const StarParameters& star);

}  // namespace hbcast::test_support
