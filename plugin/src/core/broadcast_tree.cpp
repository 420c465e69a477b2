#include <hbcast/core/broadcast_tree.hpp>

#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string>
#include <utility>

namespace hbcast {
namespace {

void require_root(NodeId root, std::size_t node_count)
{
  if (root >= node_count)
    throw std::out_of_range("broadcast tree root " + std::to_string(root) + " is not one of its " +
                            std::to_string(node_count) + " nodes");
}

void require_edge(NodeId parent, NodeId child, std::size_t node_count)
{
  if (parent >= node_count || child >= node_count)
    throw std::out_of_range("tree edge " + std::to_string(parent) + " -> " + std::to_string(child) +
                            " names a node outside 0.." + std::to_string(node_count - 1));
}

}  // namespace

BroadcastTree::BroadcastTree(std::size_t node_count, NodeId root) : root_(root), children_(node_count)
{
  require_root(root, node_count);
}

BroadcastTree::BroadcastTree(NodeId root, std::vector<std::vector<NodeId>> children)
  : root_(root), children_(std::move(children))
{
  require_root(root, size());
  for (NodeId u = 0; u < size(); ++u)
    for (NodeId child : children_[u])
      require_edge(u, child, size());
}

void BroadcastTree::add_child(NodeId parent, NodeId child)
{
  require_edge(parent, child, size());
  children_[parent].push_back(child);
}

void BroadcastTree::set_send_start(NodeId child, double time)
{
  if (child >= size())
    throw std::out_of_range("send start for unknown node " + std::to_string(child));
  if (!(time >= 0.0) || !std::isfinite(time))
    throw std::invalid_argument("send start time of node " + std::to_string(child) + " must be finite and >= 0");
  if (send_start_.empty())
    send_start_.assign(size(), std::numeric_limits<double>::quiet_NaN());
  send_start_[child] = time;
}

std::optional<double> BroadcastTree::send_start(NodeId child) const
{
  if (send_start_.empty() || std::isnan(send_start_.at(child)))
    return std::nullopt;
  return send_start_[child];
}

void BroadcastTree::set_slice_period(double period)
{
  if (!(period >= 0.0) || !std::isfinite(period))
    throw std::invalid_argument("a slice period must be finite and >= 0");
  slice_period_ = period;
}

double BroadcastTree::slice_not_before(NodeId child, std::size_t slice) const
{
  const auto start = send_start(child);
  return start ? *start + static_cast<double>(slice) * slice_period_ : 0.0;
}

std::vector<NodeId> BroadcastTree::parents() const
{
  std::vector<NodeId> parent(size(), kNoNode);
  for (NodeId u = 0; u < size(); ++u)
    for (NodeId c : children_[u])
      parent[c] = u;
  return parent;
}

std::size_t BroadcastTree::edge_count() const
{
  return std::accumulate(children_.begin(), children_.end(), std::size_t{0},
                         [](std::size_t acc, const auto& list) { return acc + list.size(); });
}

}  // namespace hbcast
