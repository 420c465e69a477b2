#include <hbcast/eval/atomic_evaluator.hpp>

#include <algorithm>

namespace hbcast {

AtomicPrediction evaluate_atomic(const BroadcastTree& tree, const CostModel& costs, double bytes, PortModel port)
{
  AtomicPrediction prediction;
  prediction.ready_time.assign(tree.size(), 0.0);
  std::vector<NodeId> stack{tree.root()};
  while (!stack.empty()) {
    const NodeId u = stack.back();
    stack.pop_back();
    const double overhead = port == PortModel::multi_port ? costs.send_overhead(u, bytes) : 0.0;
    double sender_free = prediction.ready_time[u];
    for (NodeId child : tree.children(u)) {
      const double start = std::max(sender_free, tree.send_start(child).value_or(0.0));
      const double arrival = start + costs.transfer_time(u, child, bytes);
      prediction.ready_time[child] = arrival;
      sender_free = port == PortModel::one_port ? arrival : start + overhead;
      stack.push_back(child);
    }
  }
  prediction.makespan = *std::max_element(prediction.ready_time.begin(), prediction.ready_time.end());
  return prediction;
}

}  // namespace hbcast
