#include <hbcast/eval/any_tree_bound.hpp>

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace hbcast {

AnyTreeBound::AnyTreeBound(const CostModel& costs, NodeId root)
    : root_(root),
      latency_in_(costs.size(), std::numeric_limits<double>::infinity()),
      inverse_bandwidth_in_(costs.size(), std::numeric_limits<double>::infinity())
{
  if (root >= costs.size())
    throw std::invalid_argument("AnyTreeBound: the root is not a node of the cost model");
  latency_out_ = inverse_bandwidth_out_ = std::numeric_limits<double>::infinity();
  for (NodeId from = 0; from < costs.size(); ++from)
    for (NodeId to = 0; to < costs.size(); ++to) {
      if (from == to)
        continue;
      latency_in_[to] = std::min(latency_in_[to], costs.latency(from, to));
      inverse_bandwidth_in_[to] = std::min(inverse_bandwidth_in_[to], costs.inverse_bandwidth(from, to));
      if (from == root) {
        latency_out_ = std::min(latency_out_, costs.latency(from, to));
        inverse_bandwidth_out_ = std::min(inverse_bandwidth_out_, costs.inverse_bandwidth(from, to));
      }
    }
}

double AnyTreeBound::at(double slice_bytes, std::size_t slices) const
{
  if (slices <= 1 || latency_in_.size() < 2)
    return 0.0;
  double edge = latency_out_ + slice_bytes * inverse_bandwidth_out_;
  for (NodeId node = 0; node < latency_in_.size(); ++node)
    if (node != root_)
      edge = std::max(edge, latency_in_[node] + slice_bytes * inverse_bandwidth_in_[node]);
  if (!(edge < std::numeric_limits<double>::infinity()))  // a node no route reaches: no tree to bound
    return 0.0;
  return static_cast<double>(slices - 1) * edge;
}

}  // namespace hbcast
