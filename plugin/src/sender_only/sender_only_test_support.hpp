#pragma once
// Shared by the unit tests of the sender-only schedulers (fnf*, sender_only_*, ptas_*): times
// evaluated through the library's one-port evaluator, independently of the ready-time walk
// (ready_times in sender_only_times.hpp) the schedulers use. Header-only (not a *_test.cpp, so
// not globbed).
#include <hbcast/core/broadcast_tree.hpp>
#include <hbcast/core/participant_tree.hpp>
#include <hbcast/eval/atomic_evaluator.hpp>
#include <hbcast/model/participant_cost_model.hpp>
#include <hbcast/model/sender_only_model.hpp>

#include <algorithm>
#include <vector>

namespace hbcast::test_support {

/// The makespan of a spanning tree under the sender-only model of `times`.
inline double evaluated_makespan(const BroadcastTree& tree, const std::vector<double>& times)
{
  return evaluate_atomic(tree, SenderOnlyModel::from_times(times), 1.0, PortModel::one_port).makespan;
}

/// The members' completion of a multicast tree (nodes outside it in no edge): the evaluator on the
/// participants made contiguous.
inline double evaluated_completion(const BroadcastTree& tree, const std::vector<double>& times,
                                   const std::vector<NodeId>& members)
{
  const ParticipantTree part = participant_tree(tree);
  const auto model = SenderOnlyModel::from_times(times);
  const auto ready =
      evaluate_atomic(part.tree, ParticipantCostModel(model, part.participants), 1.0, PortModel::one_port).ready_time;
  std::vector<NodeId> position(times.size(), kNoNode);
  for (std::size_t k = 0; k < part.participants.size(); ++k)
    position[part.participants[k]] = k;
  double completion = 0.0;
  for (NodeId m : members)
    completion = std::max(completion, ready.at(position.at(m)));  // throws for a member left out
  return completion;
}

}  // namespace hbcast::test_support
