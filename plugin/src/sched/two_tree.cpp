#include <hbcast/sched/two_tree.hpp>

#include <hbcast/eval/plan_period.hpp>
#include <hbcast/sched/chain.hpp>
#include <hbcast/sched/topology_order.hpp>

#include <functional>

namespace hbcast {
namespace {

// The in-order binary tree over positions [low, high], both even: inner nodes on odd positions,
// leaves on even ones (each range's root the odd position at or just below its middle). Edges as
// (parent position, child position), the lower half first; returns the root's position.
std::size_t odd_inner_tree(std::size_t low, std::size_t high, std::vector<std::pair<std::size_t, std::size_t>>& edges)
{
  if (low == high)
    return low;
  std::size_t middle = low + (high - low) / 2;
  if (middle % 2 == 0)
    --middle;
  edges.emplace_back(middle, odd_inner_tree(low, middle - 1, edges));
  edges.emplace_back(middle, odd_inner_tree(middle + 1, high, edges));
  return middle;
}

BroadcastTree placed_tree(std::size_t node_count, const std::vector<NodeId>& order, std::size_t root_position,
                          const std::vector<std::pair<std::size_t, std::size_t>>& edges,
                          const std::function<std::size_t(std::size_t)>& host_at)
{
  BroadcastTree tree(node_count, order[0]);
  tree.add_child(order[0], host_at(root_position));
  // Parents before children, each parent's children in the order odd_inner_tree made them.
  std::vector<std::vector<std::size_t>> children(order.size() - 1);
  for (const auto& [parent, child] : edges)
    children[parent].push_back(child);
  std::vector<std::size_t> pending{root_position};
  while (!pending.empty()) {
    const std::size_t parent = pending.back();
    pending.pop_back();
    for (std::size_t child : children[parent]) {
      tree.add_child(host_at(parent), host_at(child));
      pending.push_back(child);
    }
  }
  return tree;
}

}  // namespace

std::array<BroadcastTree, 2> two_trees(std::size_t node_count, const std::vector<NodeId>& order)
{
  const std::size_t n = order.size() - 1;
  if (n == 0)
    return {BroadcastTree(node_count, order[0]), BroadcastTree(node_count, order[0])};
  // n odd: the tree over every position, the second one shifted (odd inner positions become even
  // ones); n even: the last position (odd) above the tree of the others, the second one mirrored
  // (n - 1 - p turns odd into even). Either way no host is inner in both.
  std::vector<std::pair<std::size_t, std::size_t>> edges;
  std::size_t root_position = 0;
  const bool shifted = n % 2 == 1;
  if (shifted) {
    root_position = odd_inner_tree(0, n - 1, edges);
  } else {
    root_position = n - 1;
    if (n > 1)
      edges.emplace_back(root_position, odd_inner_tree(0, n - 2, edges));
  }
  const auto shift = [n](std::size_t p) { return (p + 1) % n; };
  const auto mirror = [n](std::size_t p) { return n - 1 - p; };
  const auto first_host = [&](std::size_t p) { return order[1 + p]; };
  const auto second_host = [&](std::size_t p) { return order[1 + (shifted ? shift(p) : mirror(p))]; };
  return {placed_tree(node_count, order, root_position, edges, first_host),
          placed_tree(node_count, order, root_position, edges, second_host)};
}

ScheduleResult schedule_two_tree(const BroadcastInstance& instance, NodeId root)
{
  const std::vector<NodeId> order = topology_order(instance, root);
  if (order.size() <= 2)  // one other host at most: the two trees are one edge, a chain
    return {chain_tree(instance.size(), order), nullptr, "pairwise (no model of its own)"};
  auto [first, second] = two_trees(instance.size(), order);
  const double period = plan_period({first, second}, {1.0, 1.0}, instance.costs(), instance.transfer_bytes(),
                                    instance.port());
  const double weight = period > 0.0 ? 0.5 / period : 1.0;
  ScheduleResult result{first, nullptr, "pairwise (no model of its own)"};
  result.weighted_trees = {{weight, std::move(first)}, {weight, std::move(second)}};
  return result;
}

}  // namespace hbcast
