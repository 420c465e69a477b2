#include <hbcast/eval/timed_transfers.hpp>

#include <hbcast/eval/atomic_evaluator.hpp>

#include <limits>
#include <stdexcept>

namespace hbcast {

std::vector<TimedTransfer> timed_transfers(const BroadcastTree& tree, const CostModel& costs, double bytes,
                                           PortModel port)
{
  return timed_transfers(tree, costs, bytes, evaluate_atomic(tree, costs, bytes, port).ready_time);
}

std::vector<TimedTransfer> timed_transfers(const BroadcastTree& tree, const CostModel& costs, double bytes,
                                           const std::vector<double>& ready_time)
{
  // The evaluator gives each receiver's ready time, which is its transfer's end; the start is the
  // end less T_uv, as the evaluator computed it.
  if (tree.size() > std::numeric_limits<std::uint32_t>::max())
    throw std::length_error("timed_transfers: more nodes than 32-bit ids count");
  std::vector<TimedTransfer> transfers;
  transfers.reserve(tree.size());
  std::vector<NodeId> stack{tree.root()};
  while (!stack.empty()) {
    const NodeId u = stack.back();
    stack.pop_back();
    for (NodeId child : tree.children(u)) {
      const double end = ready_time.at(child);
      transfers.push_back({static_cast<std::uint32_t>(u), static_cast<std::uint32_t>(child),
                           end - costs.transfer_time(u, child, bytes), end});
      stack.push_back(child);
    }
  }
  return transfers;
}

}  // namespace hbcast
