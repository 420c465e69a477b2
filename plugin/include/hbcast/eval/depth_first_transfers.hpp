#pragma once
#include <hbcast/eval/timed_transfers.hpp>

#include <vector>

namespace hbcast {

/// The transfers of a tree, timed from every node's ready time as timed_transfers(tree, costs,
/// bytes, ready_time) lists them and in its order, one at a time: a pass over them needs no list
/// (at 10^4 hosts the list is a third of a cold contention analysis' fresh memory). The tree, the
/// costs and the ready times must outlive it.
class DepthFirstTransfers {
public:
  /// Throws std::length_error for a tree of 2^32 nodes or more (TimedTransfer ids are 32-bit).
  DepthFirstTransfers(const BroadcastTree& tree, const CostModel& costs, double bytes,
                      const std::vector<double>& ready_time);

  /// Writes the next transfer; false once every one is out (those of the nodes the root reaches).
  bool next(TimedTransfer& transfer);

private:
  const BroadcastTree& tree_;
  const CostModel& costs_;
  double bytes_;
  const std::vector<double>& ready_time_;
  // A node pops off the stack, then sends to each of its children in order, each child pushed as
  // it receives: the sender now and the next of its children.
  std::vector<NodeId> stack_;
  NodeId sender_;
  std::size_t next_child_ = 0;
};

}  // namespace hbcast
