#pragma once
// Private to src/model: maximum flow on a small directed network with real capacities, used to
// separate the cut rows of SSB(G) (ssb_cut_generation.cpp).
#include <hbcast/core/node_id.hpp>

#include <cstddef>
#include <utility>
#include <vector>

namespace hbcast {

/// Dinic's algorithm on a fixed set of arcs whose capacities change between runs. Residual
/// capacities at or below `negligible` count as zero, so that rounding cannot make it run forever.
class MaxFlowNetwork {
public:
  MaxFlowNetwork(std::size_t node_count, const std::vector<std::pair<NodeId, NodeId>>& arcs);

  /// Capacity of each arc (in the constructor's order), all >= 0; resets the flow.
  void set_capacities(const std::vector<double>& capacities, double negligible);
  /// Sends as much flow as possible, but no more than `limit`, from `source` to `sink`; returns its
  /// value. The flow starts from zero at each call.
  double solve(NodeId source, NodeId sink, double limit);
  /// Flow on each arc after the last solve.
  double flow(std::size_t arc) const { return capacity_[arc] - residual_[2 * arc]; }
  /// Nodes reachable from the last source through residual capacity: when the last flow stopped
  /// below its limit, the source side of a minimum cut.
  std::vector<bool> source_side(NodeId source) const;

private:
  void residual_levels(NodeId source, std::vector<int>& level) const;
  bool build_levels(NodeId source, NodeId sink);
  double push(NodeId node, NodeId sink, double amount);

  std::size_t node_count_;
  std::vector<NodeId> head_;                // half-arc 2k: arc k forward, 2k + 1: its reverse
  std::vector<std::size_t> first_out_;     // CSR over half-arcs by tail node
  std::vector<std::size_t> out_half_arcs_;
  std::vector<double> capacity_;
  std::vector<double> residual_;
  std::vector<int> level_;
  std::vector<std::size_t> next_;          // Dinic's current-arc pointers
  double negligible_ = 0.0;
};

}  // namespace hbcast
