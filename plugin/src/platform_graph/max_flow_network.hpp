#pragma once
// Private to src/platform_graph: maximum flow on a small directed network with real capacities, used to
// separate the cut rows of SSB(G) (ssb_cut_generation.cpp).
#include <hbcast/core/node_id.hpp>

#include <cstddef>
#include <cstdint>
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
  /// The same maximum flow (value, and so the same cut sides), with Dinic's levels counted back
  /// from the sink: each phase's search starts at the sink and stops at the source, so on networks
  /// where the source has arcs to most nodes it reads the sink's neighbourhood, not the network.
  /// The flow on each arc may differ from solve()'s.
  double solve_from_sink(NodeId source, NodeId sink, double limit);
  /// The arcs the last solve may have put flow on (flow() is 0 on every other).
  const std::vector<std::size_t>& arcs_with_flow() const { return touched_; }
  /// Flow on each arc after the last solve.
  double flow(std::size_t arc) const { return capacity_[arc] - residual_[forward_slot_[arc]]; }
  /// Nodes reachable from the last source through residual capacity: when the last flow stopped
  /// below its limit, the least source side of a minimum cut (the same for every maximum flow).
  std::vector<bool> source_side(NodeId source);
  /// The arcs leaving source_side(source), in increasing index order.
  std::vector<int> arcs_leaving_source_side(NodeId source);

private:
  /// Breadth-first levels through residual capacity (-1: unreached) into level_, the nodes in
  /// visiting order into frontier_; stops once `stop_at` is reached (kNoNode: never) or `enough`
  /// nodes are visited.
  void residual_levels(NodeId source, NodeId stop_at, std::size_t enough = ~std::size_t{0});
  bool build_levels(NodeId source, NodeId sink);
  void restore_capacities();
  double push(NodeId node, NodeId sink, double amount);
  bool build_sink_distances(NodeId source, NodeId sink);
  double push_toward_sink(NodeId node, NodeId sink, double amount);
  void take_residual(std::size_t slot, double amount);
  void reach_from(NodeId source);

  // Each arc has two slots, itself and its reverse, stored by tail node (CSR) so that a node's
  // slots are contiguous: a breadth-first pass reads memory in order, 32-bit indices halving it.
  std::size_t node_count_;
  std::vector<std::uint32_t> first_slot_;    // per node, then the end
  std::vector<std::uint32_t> head_;          // per slot
  std::vector<std::uint32_t> mate_;          // per slot: its reverse
  std::vector<std::int32_t> arc_of_;         // per slot: its arc if forward, -1 if a reverse
  std::vector<std::uint32_t> forward_slot_;  // per arc
  std::vector<double> capacity_;             // per arc
  std::vector<double> residual_;             // per slot
  std::vector<double> mate_residual_;        // per slot: its mate's residual, for the search from the sink
  std::vector<std::size_t> touched_;       // arcs whose residual the last solve changed
  std::vector<bool> is_touched_;
  bool residual_is_capacity_ = false;      // else only the touched arcs differ from it
  std::vector<int> level_;
  std::vector<NodeId> frontier_;
  bool levels_complete_ = false;           // level_ and frontier_ hold all the source reaches
  int sink_level_ = 0;
  std::vector<std::size_t> next_;          // Dinic's current-slot pointers
  // The first phase's levels are those of the capacities, the same for every sink.
  NodeId first_levels_source_ = kNoNode;
  std::vector<int> first_level_;
  std::vector<NodeId> first_frontier_;
  // solve_from_sink's levels: residual distance to the sink (-1: not reached), -1 everywhere but at
  // the nodes the last search reached (sink_frontier_). When sink_side_known_, they are all that
  // reach the sink: no node of them is on the source side, which the search for it can then stop
  // short of.
  std::vector<int> sink_distance_;
  std::vector<NodeId> sink_frontier_;  // one place per node; the first sink_reached_ are the search's
  std::size_t sink_reached_ = 0;
  bool sink_side_known_ = false;
  double negligible_ = 0.0;
};

}  // namespace hbcast
