#include <hbcast/eval/depth_first_transfers.hpp>

#include <cstdint>
#include <limits>
#include <stdexcept>

namespace hbcast {

DepthFirstTransfers::DepthFirstTransfers(const BroadcastTree& tree, const CostModel& costs, double bytes,
                                         const std::vector<double>& ready_time)
    : tree_(tree), costs_(costs), bytes_(bytes), ready_time_(ready_time), sender_(tree.root())
{
  if (tree.size() > std::numeric_limits<std::uint32_t>::max())
    throw std::length_error("timed transfers: more nodes than 32-bit ids count");
}

bool DepthFirstTransfers::next(TimedTransfer& transfer)
{
  while (next_child_ == tree_.children(sender_).size()) {
    if (stack_.empty())
      return false;
    sender_ = stack_.back();
    stack_.pop_back();
    next_child_ = 0;
  }
  const NodeId child = tree_.children(sender_)[next_child_++];
  // The evaluator gives each receiver's ready time, which is its transfer's end; the start is the
  // end less T_uv, as the evaluator computed it.
  const double end = ready_time_.at(child);
  transfer = {static_cast<std::uint32_t>(sender_), static_cast<std::uint32_t>(child),
              end - costs_.transfer_time(sender_, child, bytes_), end};
  stack_.push_back(child);
  return true;
}

}  // namespace hbcast
