#include <hbcast/eval/timed_transfers.hpp>

#include <hbcast/eval/atomic_evaluator.hpp>
#include <hbcast/eval/depth_first_transfers.hpp>

namespace hbcast {

std::vector<TimedTransfer> timed_transfers(const BroadcastTree& tree, const CostModel& costs, double bytes,
                                           PortModel port)
{
  return timed_transfers(tree, costs, bytes, evaluate_atomic(tree, costs, bytes, port).ready_time);
}

std::vector<TimedTransfer> timed_transfers(const BroadcastTree& tree, const CostModel& costs, double bytes,
                                           const std::vector<double>& ready_time)
{
  DepthFirstTransfers source(tree, costs, bytes, ready_time);
  std::vector<TimedTransfer> transfers;
  transfers.reserve(tree.size());
  for (TimedTransfer transfer; source.next(transfer);)
    transfers.push_back(transfer);
  return transfers;
}

}  // namespace hbcast
