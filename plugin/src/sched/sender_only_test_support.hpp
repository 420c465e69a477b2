#pragma once
// Shared by the unit tests of the sender-only schedulers (fnf*, sender_only_*, ptas_*): times
// evaluated through the library's one-port evaluator, independently of the ready-time walk
// (ready_times in sender_only_times.hpp) the schedulers use. Header-only (not a *_test.cpp, so
// not globbed).
#include <hbcast/core/broadcast_tree.hpp>
#include <hbcast/eval/atomic_evaluator.hpp>
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
  std::vector<NodeId> index(times.size(), kNoNode);
  std::vector<NodeId> nodes;
  const auto parents = tree.parents();
  for (NodeId v = 0; v < times.size(); ++v)
    if (v == tree.root() || parents[v] != kNoNode) {
      index[v] = nodes.size();
      nodes.push_back(v);
    }
  BroadcastTree compact(nodes.size(), index[tree.root()]);
  std::vector<double> sub_times;
  for (NodeId v : nodes) {
    sub_times.push_back(times[v]);
    for (NodeId c : tree.children(v))
      compact.add_child(index[v], index[c]);
  }
  const auto ready =
      evaluate_atomic(compact, SenderOnlyModel::from_times(sub_times), 1.0, PortModel::one_port).ready_time;
  double completion = 0.0;
  for (NodeId m : members)
    completion = std::max(completion, ready.at(index.at(m)));
  return completion;
}

}  // namespace hbcast::test_support
