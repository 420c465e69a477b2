// Chu-Liu/Edmonds, recursive: see min_cost_arborescence.hpp.
#include <hbcast/platform_graph/min_cost_arborescence.hpp>

#include <stdexcept>
#include <string>

namespace hbcast {
namespace {

struct Arc {
  NodeId from;
  NodeId to;
  double cost;
  std::size_t id;  // its index in the level above (or in the caller's arcs)
};

// The cheapest in-arc of every non-root node, as a position in `arcs`; kNoArc when it has none.
std::vector<std::size_t> cheapest_in_arcs(std::size_t node_count, NodeId root, const std::vector<Arc>& arcs)
{
  std::vector<std::size_t> in(node_count, kNoArc);
  for (std::size_t k = 0; k < arcs.size(); ++k) {
    const Arc& arc = arcs[k];
    if (arc.to != root && arc.from != arc.to && (in[arc.to] == kNoArc || arc.cost < arcs[in[arc.to]].cost))
      in[arc.to] = k;
  }
  return in;
}

struct Components {
  std::vector<std::size_t> of;  // component of each node: one per cycle of `in`, one per other node
  std::size_t count = 0;
  bool has_cycle = false;
};

// The cycles formed by following every node's chosen in-arc backwards.
Components cycles_of(std::size_t node_count, NodeId root, const std::vector<Arc>& arcs,
                     const std::vector<std::size_t>& in)
{
  Components components{std::vector<std::size_t>(node_count, kNoArc)};
  std::vector<std::size_t> walk(node_count, kNoArc);  // which start node's walk reached it first
  for (NodeId start = 0; start < node_count; ++start) {
    NodeId v = start;
    while (v != root && walk[v] == kNoArc) {
      walk[v] = start;
      v = arcs[in[v]].from;
    }
    if (v == root || walk[v] != start || components.of[v] != kNoArc)
      continue;
    components.has_cycle = true;  // this walk closed on itself at v: v's cycle is new
    for (NodeId u = v; components.of[u] == kNoArc; u = arcs[in[u]].from)
      components.of[u] = components.count;
    ++components.count;
  }
  for (auto& component : components.of)
    if (component == kNoArc)
      component = components.count++;
  return components;
}

// For every node, the position in `arcs` of the arc entering it (kNoArc for the root).
std::optional<std::vector<std::size_t>> solve(std::size_t node_count, NodeId root, const std::vector<Arc>& arcs)
{
  std::vector<std::size_t> in = cheapest_in_arcs(node_count, root, arcs);
  for (NodeId v = 0; v < node_count; ++v)
    if (v != root && in[v] == kNoArc)
      return std::nullopt;
  const Components components = cycles_of(node_count, root, arcs, in);
  if (!components.has_cycle)
    return in;

  // Entering v instead of using v's chosen arc costs the difference; arcs inside a component vanish.
  std::vector<Arc> contracted;
  for (std::size_t k = 0; k < arcs.size(); ++k) {
    const Arc& arc = arcs[k];
    const std::size_t from = components.of[arc.from], to = components.of[arc.to];
    if (from != to && arc.to != root)
      contracted.push_back({from, to, arc.cost - arcs[in[arc.to]].cost, k});
  }
  const auto chosen = solve(components.count, components.of[root], contracted);
  if (!chosen)
    return std::nullopt;
  // A cycle keeps all its arcs but the one into the node where the chosen outside arc enters.
  for (const std::size_t position : *chosen)
    if (position != kNoArc) {
      const std::size_t k = contracted[position].id;
      in[arcs[k].to] = k;
    }
  return in;
}

}  // namespace

std::optional<std::vector<std::size_t>> min_cost_arborescence(std::size_t node_count, NodeId root,
                                                              const std::vector<std::pair<NodeId, NodeId>>& arcs,
                                                              const std::vector<double>& costs)
{
  if (root >= node_count)
    throw std::invalid_argument("min_cost_arborescence: root " + std::to_string(root) + " is not among " +
                                std::to_string(node_count) + " nodes");
  if (costs.size() != arcs.size())
    throw std::invalid_argument("min_cost_arborescence: " + std::to_string(costs.size()) + " costs for " +
                                std::to_string(arcs.size()) + " arcs");
  std::vector<Arc> level;
  level.reserve(arcs.size());
  for (std::size_t k = 0; k < arcs.size(); ++k) {
    const auto [from, to] = arcs[k];
    if (from >= node_count || to >= node_count)
      throw std::invalid_argument("min_cost_arborescence: arc " + std::to_string(k) + " names a node >= " +
                                  std::to_string(node_count));
    level.push_back({from, to, costs[k], k});
  }
  return solve(node_count, root, level);
}

}  // namespace hbcast
