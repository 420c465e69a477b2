#include <hbcast/platform_graph/link_pruning.hpp>

#include <hbcast/platform_graph/topology_scheduling.hpp>

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace hbcast {

LinkPruning::LinkPruning(const TopologyGraph& graph, NodeId source)
    : source_(source), links_(graph.links()), first_out_link_(graph.size() + 1, 0),
      first_in_link_(graph.size() + 1, 0), in_links_(links_.size()), kept_(links_.size(), true),
      essential_(links_.size(), false), kept_in_degree_(graph.size(), 0), kept_count_(links_.size()),
      reached_(graph.size(), kUnreached)
{
  require_reachable_from(graph, source);
  for (const auto& [from, to] : links_) {  // graph.links() is grouped by tail
    ++first_out_link_[from + 1];
    ++kept_in_degree_[to];
  }
  for (const auto& link : links_)
    ++first_in_link_[link.second + 1];
  for (NodeId u = 0; u < graph.size(); ++u) {
    first_out_link_[u + 1] += first_out_link_[u];
    first_in_link_[u + 1] += first_in_link_[u];
  }
  std::vector<std::size_t> fill(first_in_link_.begin(), first_in_link_.end() - 1);
  for (std::size_t link = 0; link < links_.size(); ++link)
    in_links_[fill[links_[link].second]++] = link;
}

std::vector<std::size_t> LinkPruning::out_links(NodeId host) const
{
  std::vector<std::size_t> indices;
  for (std::size_t link = first_out_link_.at(host); link < first_out_link_.at(host + 1); ++link)
    indices.push_back(link);
  return indices;
}

bool LinkPruning::try_remove(std::size_t link)
{
  if (!kept_.at(link) || essential_[link])
    return false;
  const NodeId to = head(link);
  // A link into the source never serves reachability; a host's last incoming link always does.
  const bool removable = to == source_ || (kept_in_degree_[to] > 1 && head_reachable_without(link));
  if (!removable) {
    essential_[link] = true;
    return false;
  }
  kept_[link] = false;
  --kept_in_degree_[to];
  --kept_count_;
  return true;
}

bool LinkPruning::head_reachable_without(std::size_t link) const
{
  // Only the head can lose reachability by removing one of its incoming links: every other host
  // reached through the head before is still reached through it if the head is. Two searches
  // take turns, one from the source and one backwards from the head: the answer comes from the
  // smaller side (a source sending to many hosts is met backwards in a few steps; a head with
  // many in-links is met forwards), at most twice its cost.
  const NodeId target = head(link);
  std::fill(reached_.begin(), reached_.end(), kUnreached);
  reached_[source_] = kFromSource;
  reached_[target] = kToHead;
  pending_.assign(1, source_);
  pending_back_.assign(1, target);
  while (!pending_.empty() && !pending_back_.empty()) {
    if (expand_forward(link) || expand_backward(link))
      return true;
  }
  return false;
}

// One host of the forward search: true once it meets the backward one.
bool LinkPruning::expand_forward(std::size_t link) const
{
  const NodeId u = pending_.back();
  pending_.pop_back();
  for (std::size_t out = first_out_link_[u]; out < first_out_link_[u + 1]; ++out) {
    const NodeId v = links_[out].second;
    if (!kept_[out] || out == link || reached_[v] == kFromSource)
      continue;
    if (reached_[v] == kToHead)
      return true;
    reached_[v] = kFromSource;
    pending_.push_back(v);
  }
  return false;
}

bool LinkPruning::expand_backward(std::size_t link) const
{
  if (pending_back_.empty())
    return false;
  const NodeId v = pending_back_.back();
  pending_back_.pop_back();
  for (std::size_t i = first_in_link_[v]; i < first_in_link_[v + 1]; ++i) {
    const std::size_t in = in_links_[i];
    const NodeId u = links_[in].first;
    if (!kept_[in] || in == link || reached_[u] == kToHead)
      continue;
    if (reached_[u] == kFromSource)
      return true;
    reached_[u] = kToHead;
    pending_back_.push_back(u);
  }
  return false;
}

std::vector<NodeId> LinkPruning::parents() const
{
  if (!is_arborescence())
    throw std::logic_error("the kept links are not yet a spanning arborescence");
  std::vector<NodeId> parent(node_count(), kNoNode);
  for (std::size_t link = 0; link < links_.size(); ++link)
    if (kept_[link])
      parent[head(link)] = tail(link);
  return parent;
}

BroadcastTree prune_in_order(const TopologyGraph& graph, NodeId source, double slice_bytes,
                             const std::function<bool(std::size_t, std::size_t)>& before)
{
  LinkPruning pruning(graph, source);
  std::vector<std::size_t> order(pruning.link_count());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), before);
  for (std::size_t link : order)
    pruning.try_remove(link);
  return tree_from_parents(graph, source, pruning.parents(), slice_bytes);
}

}  // namespace hbcast
