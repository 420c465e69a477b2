#pragma once
#include <hbcast/model/cost_model.hpp>

#include <vector>

namespace hbcast {

/// A cost model seen through a renumbering: node k is `participants[k]` of the base model. Lets a
/// multicast tree, renumbered over its participants (participant_tree.hpp), be evaluated.
class ParticipantCostModel final : public CostModel {
public:
  ParticipantCostModel(const CostModel& base, std::vector<NodeId> participants)
      : base_(base), participants_(std::move(participants))
  {
  }
  std::size_t size() const override { return participants_.size(); }
  double latency(NodeId from, NodeId to) const override
  {
    return base_.latency(participants_[from], participants_[to]);
  }
  double inverse_bandwidth(NodeId from, NodeId to) const override
  {
    return base_.inverse_bandwidth(participants_[from], participants_[to]);
  }
  double send_latency(NodeId from) const override { return base_.send_latency(participants_[from]); }
  double send_inverse_bandwidth(NodeId from) const override
  {
    return base_.send_inverse_bandwidth(participants_[from]);
  }

private:
  const CostModel& base_;
  std::vector<NodeId> participants_;
};

}  // namespace hbcast
