#pragma once
#include <hbcast/core/node_id.hpp>
#include <hbcast/model/cost_model.hpp>

#include <cstddef>
#include <vector>

namespace hbcast {

/// Of every node, the smallest latency and inverse bandwidth of a route into it (over every other
/// node), and of `root` out of it: a bound on any spanning tree's broadcast from `root`.
class AnyTreeBound {
public:
  AnyTreeBound(const CostModel& costs, NodeId root);
  /// (K - 1) x the largest time an edge must carry a slice in every tree: into each node but the
  /// root, out of the root (each carries all K slices one at a time; Beaumont-Marchal-Robert 3.2).
  /// At most ports_lower_bound of any tree at K. O(n) per call, O(n^2) to build.
  double at(double slice_bytes, std::size_t slices) const;

private:
  NodeId root_;
  std::vector<double> latency_in_, inverse_bandwidth_in_;
  double latency_out_ = 0.0, inverse_bandwidth_out_ = 0.0;
};

}  // namespace hbcast
