#include <hbcast/eval/pipeline_evaluator.hpp>

#include <algorithm>
#include <cstdint>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <utility>

namespace hbcast {
namespace {

struct PendingNode {
  NodeId node;
  std::vector<double> arrivals;  // time the node holds each slice
};

// Runs node u's send loop over all slices; returns each child's arrival times, in child order, and
// appends each transfer to `transfers` when given.
std::vector<std::vector<double>> forward_slices(const BroadcastTree& tree, const CostModel& costs, NodeId u,
                                                const std::vector<double>& arrivals, double slice_bytes,
                                                PortModel port, std::vector<TimedTransfer>* transfers)
{
  const auto& children = tree.children(u);
  const std::size_t slices = arrivals.size();
  std::vector<double> transfer(children.size());
  for (std::size_t i = 0; i < children.size(); ++i)
    transfer[i] = costs.transfer_time(u, children[i], slice_bytes);
  const double overhead = port == PortModel::multi_port ? costs.send_overhead(u, slice_bytes) : 0.0;
  std::vector<std::vector<double>> child_arrivals(children.size(), std::vector<double>(slices));
  std::vector<double> edge_free(children.size(), 0.0);
  double sender_free = 0.0;
  for (std::size_t j = 0; j < slices; ++j) {
    for (std::size_t i = 0; i < children.size(); ++i) {
      const double start = std::max({arrivals[j], sender_free, edge_free[i], tree.slice_not_before(children[i], j)});
      const double arrival = start + transfer[i];
      child_arrivals[i][j] = arrival;
      if (transfers)
        transfers->push_back({static_cast<std::uint32_t>(u), static_cast<std::uint32_t>(children[i]), start, arrival});
      edge_free[i] = arrival;
      sender_free = port == PortModel::one_port ? arrival : start + overhead;
    }
  }
  return child_arrivals;
}

PipelinePrediction evaluate(const BroadcastTree& tree, const CostModel& costs, double slice_bytes, std::size_t slices,
                            PortModel port, std::vector<TimedTransfer>* transfers)
{
  if (slices == 0)
    throw std::invalid_argument("a pipelined broadcast needs at least one slice");
  if (transfers && tree.size() > std::numeric_limits<std::uint32_t>::max())
    throw std::length_error("pipelined transfers: more nodes than 32-bit ids count");
  PipelinePrediction prediction;
  prediction.completion_time.assign(tree.size(), 0.0);
  // Depth-first, releasing a node's arrival vector once its children's are computed.
  std::vector<PendingNode> stack;
  stack.push_back({tree.root(), std::vector<double>(slices, 0.0)});
  while (!stack.empty()) {
    PendingNode current = std::move(stack.back());
    stack.pop_back();
    prediction.completion_time[current.node] = current.arrivals.back();
    auto child_arrivals = forward_slices(tree, costs, current.node, current.arrivals, slice_bytes, port, transfers);
    const auto& children = tree.children(current.node);
    for (std::size_t i = 0; i < children.size(); ++i)
      stack.push_back({children[i], std::move(child_arrivals[i])});
  }
  prediction.makespan = *std::max_element(prediction.completion_time.begin(), prediction.completion_time.end());
  prediction.period = steady_state_period(tree, costs, slice_bytes, port);
  prediction.throughput =
      prediction.period > 0.0 ? slice_bytes / prediction.period : std::numeric_limits<double>::infinity();
  return prediction;
}

}  // namespace

PipelinePrediction evaluate_pipelined(const BroadcastTree& tree, const CostModel& costs, double slice_bytes,
                                      std::size_t slices, PortModel port)
{
  return evaluate(tree, costs, slice_bytes, slices, port, nullptr);
}

PipelinePrediction evaluate_pipelined(const BroadcastTree& tree, const CostModel& costs, double slice_bytes,
                                      std::size_t slices, PortModel port, std::vector<TimedTransfer>& transfers)
{
  transfers.reserve(transfers.size() + tree.edge_count() * slices);
  return evaluate(tree, costs, slice_bytes, slices, port, &transfers);
}

double slice_size(double message_bytes, std::size_t slices)
{
  if (slices == 0)
    throw std::invalid_argument("a message needs at least one slice");
  return std::ceil(message_bytes / static_cast<double>(slices));
}

double steady_state_period(const BroadcastTree& tree, const CostModel& costs, double slice_bytes, PortModel port)
{
  double period = 0.0;
  for (NodeId u = 0; u < tree.size(); ++u) {
    const auto& children = tree.children(u);
    double busy = 0.0;  // one-port: sum of sends; multi-port: longest edge occupation
    for (NodeId child : children) {
      const double transfer = costs.transfer_time(u, child, slice_bytes);
      busy = port == PortModel::one_port ? busy + transfer : std::max(busy, transfer);
      period = std::max(period, transfer);  // the child's incoming occupation
    }
    if (port == PortModel::multi_port)
      busy = std::max(busy, static_cast<double>(children.size()) * costs.send_overhead(u, slice_bytes));
    period = std::max(period, busy);
  }
  // A paced tree sends a slice every slice period at most (BroadcastTree::set_slice_period).
  return tree.has_send_starts() ? std::max(period, tree.slice_period()) : period;
}

}  // namespace hbcast
