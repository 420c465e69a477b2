#include <hbcast/platform_graph/tree_growing.hpp>

#include <hbcast/platform_graph/topology_scheduling.hpp>

#include <algorithm>
#include <stdexcept>
#include <tuple>

namespace hbcast {

std::vector<NodeId> grow_tree(const TopologyGraph& graph, NodeId source, double slice_bytes, const GrowthRule& rule)
{
  require_reachable_from(graph, source);
  const std::size_t n = graph.size();
  // Each node's links, ordered once by (rank, T_uv, head): the node's candidate is the first whose
  // head is still outside the tree, found by a cursor that only moves forward.
  std::vector<std::vector<std::pair<double, CandidateLink>>> ranked(n);
  const auto links = graph.links();
  const auto times = graph.link_times(slice_bytes);
  for (std::size_t index = 0; index < links.size(); ++index) {
    const auto [from, to] = links[index];
    CandidateLink link{index, from, to, times[index]};
    ranked[from].emplace_back(rule.rank(link), link);
  }
  for (auto& list : ranked)
    std::sort(list.begin(), list.end(), [](const auto& a, const auto& b) {
      return std::tie(a.first, a.second.time, a.second.to) < std::tie(b.first, b.second.time, b.second.to);
    });

  std::vector<NodeId> parent(n, kNoNode);
  std::vector<bool> in_tree(n, false);
  std::vector<std::size_t> cursor(n, 0);
  std::vector<NodeId> tree_nodes{source};
  in_tree[source] = true;
  for (std::size_t added = 1; added < n; ++added) {
    const std::pair<double, CandidateLink>* best = nullptr;
    double best_cost = 0.0;
    for (NodeId u : tree_nodes) {  // in insertion order; ties go to the lower index explicitly below
      auto& position = cursor[u];
      while (position < ranked[u].size() && in_tree[ranked[u][position].second.to])
        ++position;
      if (position == ranked[u].size())
        continue;
      const auto& candidate = ranked[u][position];
      const double cost = rule.cost(u, candidate.first);
      const auto key = std::tie(cost, candidate.second.time, u);
      if (!best || key < std::tie(best_cost, best->second.time, best->second.from)) {
        best = &candidate;
        best_cost = cost;
      }
    }
    if (!best)
      throw std::logic_error("growing tree: no link leaves the tree although every host is reachable");
    const CandidateLink chosen = best->second;
    parent[chosen.to] = chosen.from;
    in_tree[chosen.to] = true;
    tree_nodes.push_back(chosen.to);
    rule.attach(chosen);
  }
  return parent;
}

}  // namespace hbcast
