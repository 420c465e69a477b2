#include <hbcast/platform_graph/link_pruning.hpp>

#include <hbcast/platform_graph/topology_scheduling.hpp>

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace hbcast {

LinkPruning::LinkPruning(const TopologyGraph& graph, NodeId source)
    : source_(source), links_(graph.links()),
      out_links_(graph.size(), links_.size(), [this](std::size_t k) { return links_[k].first; }),
      in_links_(graph.size(), links_.size(), [this](std::size_t k) { return links_[k].second; }),
      kept_(links_.size(), true), essential_(links_.size(), false), kept_in_degree_(graph.size(), 0),
      kept_count_(links_.size()), reached_(graph.size(), kUnreached)
{
  require_reachable_from(graph, source);
  for (const auto& link : links_)
    ++kept_in_degree_[link.second];
}

std::vector<std::size_t> LinkPruning::out_links(NodeId host) const
{
  const auto& arcs = out_links_.arcs();
  return {arcs.begin() + static_cast<std::ptrdiff_t>(out_links_.first(host)),
          arcs.begin() + static_cast<std::ptrdiff_t>(out_links_.first(host + 1))};
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
  while (!pending_.empty() && !pending_back_.empty())
    if (expand(out_links_, true, pending_, kFromSource, link) || expand(in_links_, false, pending_back_, kToHead, link))
      return true;
  return false;
}

// One host of a search (forward along out-links from the source, or backward along in-links from
// the head), marking what it reaches as `side`: true once it meets the other search.
bool LinkPruning::expand(const ArcsByNode& arcs, bool forward, std::vector<NodeId>& pending, char side,
                         std::size_t link) const
{
  if (pending.empty())
    return false;
  const NodeId node = pending.back();
  pending.pop_back();
  for (std::size_t i = arcs.first(node); i < arcs.first(node + 1); ++i) {
    const std::size_t arc = arcs.arcs()[i];
    const NodeId next = forward ? links_[arc].second : links_[arc].first;
    if (!kept_[arc] || arc == link || reached_[next] == side)
      continue;
    if (reached_[next] != kUnreached)
      return true;
    reached_[next] = side;
    pending.push_back(next);
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
