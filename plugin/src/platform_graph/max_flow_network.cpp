#include "max_flow_network.hpp"

#include <algorithm>
#include <limits>
#include <queue>

namespace hbcast {

MaxFlowNetwork::MaxFlowNetwork(std::size_t node_count, const std::vector<std::pair<NodeId, NodeId>>& arcs)
    : node_count_(node_count)
    , head_(2 * arcs.size())
    , first_out_(node_count + 1, 0)
    , out_half_arcs_(2 * arcs.size())
    , capacity_(arcs.size(), 0.0)
    , residual_(2 * arcs.size(), 0.0)
    , level_(node_count)
    , next_(node_count)
{
  std::vector<NodeId> tail(2 * arcs.size());
  for (std::size_t k = 0; k < arcs.size(); ++k) {
    tail[2 * k] = head_[2 * k + 1] = arcs[k].first;
    head_[2 * k] = tail[2 * k + 1] = arcs[k].second;
  }
  for (NodeId from : tail)
    ++first_out_[from + 1];
  for (std::size_t v = 0; v < node_count; ++v)
    first_out_[v + 1] += first_out_[v];
  std::vector<std::size_t> fill(first_out_.begin(), first_out_.end() - 1);
  for (std::size_t half = 0; half < tail.size(); ++half)
    out_half_arcs_[fill[tail[half]]++] = half;
}

void MaxFlowNetwork::set_capacities(const std::vector<double>& capacities, double negligible)
{
  capacity_ = capacities;
  negligible_ = negligible;
}

double MaxFlowNetwork::solve(NodeId source, NodeId sink, double limit)
{
  for (std::size_t k = 0; k < capacity_.size(); ++k) {
    residual_[2 * k] = capacity_[k];
    residual_[2 * k + 1] = 0.0;
  }
  double value = 0.0;
  while (limit - value > negligible_ && build_levels(source, sink)) {
    for (std::size_t v = 0; v < node_count_; ++v)
      next_[v] = first_out_[v];
    while (limit - value > negligible_) {
      const double pushed = push(source, sink, limit - value);
      if (pushed <= negligible_)
        break;
      value += pushed;
    }
  }
  return std::min(value, limit);
}

// Breadth-first levels from `source` through arcs with residual capacity (-1: unreached).
void MaxFlowNetwork::residual_levels(NodeId source, std::vector<int>& level) const
{
  level.assign(node_count_, -1);
  std::queue<NodeId> frontier;
  level[source] = 0;
  frontier.push(source);
  while (!frontier.empty()) {
    const NodeId u = frontier.front();
    frontier.pop();
    for (std::size_t i = first_out_[u]; i < first_out_[u + 1]; ++i) {
      const std::size_t half = out_half_arcs_[i];
      if (residual_[half] > negligible_ && level[head_[half]] < 0) {
        level[head_[half]] = level[u] + 1;
        frontier.push(head_[half]);
      }
    }
  }
}

bool MaxFlowNetwork::build_levels(NodeId source, NodeId sink)
{
  residual_levels(source, level_);
  return level_[sink] >= 0;
}

// One augmenting path of the level graph (depth <= node count), at most `amount`.
double MaxFlowNetwork::push(NodeId node, NodeId sink, double amount)
{
  if (node == sink)
    return amount;
  for (; next_[node] < first_out_[node + 1]; ++next_[node]) {
    const std::size_t half = out_half_arcs_[next_[node]];
    const NodeId to = head_[half];
    if (residual_[half] <= negligible_ || level_[to] != level_[node] + 1)
      continue;
    const double pushed = push(to, sink, std::min(amount, residual_[half]));
    if (pushed > negligible_) {
      residual_[half] -= pushed;
      residual_[half ^ 1] += pushed;
      return pushed;
    }
  }
  return 0.0;
}

std::vector<bool> MaxFlowNetwork::source_side(NodeId source) const
{
  std::vector<int> level;
  residual_levels(source, level);
  std::vector<bool> reached(node_count_);
  for (NodeId u = 0; u < node_count_; ++u)
    reached[u] = level[u] >= 0;
  return reached;
}

}  // namespace hbcast
