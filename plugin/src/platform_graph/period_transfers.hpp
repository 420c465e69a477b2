#pragma once
// Private to src/platform_graph: what the periodic schedules of a multi-tree plan (decompose_period,
// pack_period, colour_period) share: the transfers of one period, and the ports a slot uses.
#include <hbcast/core/broadcast_tree.hpp>

#include <cstddef>
#include <numeric>
#include <vector>

namespace hbcast {

/// Each tree's bytes in a period that carries `block_bytes`: w_t / W of the block, W the sum of the
/// weights (Beaumont, Legrand, Marchal, Robert, IEEE TPDS 2005, section 4: tree t carries its
/// share of every period).
inline std::vector<double> period_tree_bytes(const std::vector<double>& weights, double block_bytes)
{
  const double total = std::accumulate(weights.begin(), weights.end(), 0.0);
  std::vector<double> bytes;
  bytes.reserve(weights.size());
  for (double weight : weights)
    bytes.push_back(weight / total * block_bytes);
  return bytes;
}

/// One transfer of a period: tree `tree` sends its bytes of the period on its edge from -> to.
struct PeriodTransfer {
  std::size_t tree = 0;
  NodeId from = 0;
  NodeId to = 0;
  double bytes = 0.0;
};

/// The transfers of one period: one per edge of every tree of positive weight; trees in order,
/// then senders in increasing order, then each sender's children in send order.
inline std::vector<PeriodTransfer> period_transfers(const std::vector<BroadcastTree>& trees,
                                                    const std::vector<double>& weights, double block_bytes)
{
  const std::vector<double> bytes = period_tree_bytes(weights, block_bytes);
  std::vector<PeriodTransfer> transfers;
  for (std::size_t t = 0; t < trees.size(); ++t) {
    if (!(weights[t] > 0.0))
      continue;
    for (NodeId u = 0; u < trees[t].size(); ++u)
      for (NodeId v : trees[t].children(u))
        transfers.push_back({t, u, v, bytes[t]});
  }
  return transfers;
}

/// The ports of one slot: one-port, a node sends at most once and receives at most once in it.
class SlotPorts {
public:
  explicit SlotPorts(std::size_t nodes) : sending_(nodes, 0), receiving_(nodes, 0) {}
  /// `from` may still send and `to` may still receive in the slot.
  bool free(NodeId from, NodeId to) const { return !sending_[from] && !receiving_[to]; }
  void take(NodeId from, NodeId to) { sending_[from] = receiving_[to] = 1; }

private:
  std::vector<char> sending_, receiving_;
};

}  // namespace hbcast
