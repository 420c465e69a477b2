#include <hbcast/platform_graph/topo_prune_degree.hpp>

#include <hbcast/platform_graph/link_pruning.hpp>
#include <hbcast/platform_graph/topology_scheduling.hpp>

#include <algorithm>
#include <numeric>
#include <set>
#include <stdexcept>
#include <tuple>

namespace hbcast {

BroadcastTree prune_by_node_metric(const TopologyGraph& graph, NodeId source, double slice_bytes,
                                   const NodeLoadMetric& metric)
{
  LinkPruning pruning(graph, source);
  const std::size_t n = graph.size();
  const std::vector<double> time = graph.link_times(slice_bytes);

  // Each node's out-links heaviest first (Algorithm 2, line 7), tried through a forward cursor:
  // a link tried once is either removed or essential, never to be tried again.
  std::vector<std::vector<std::size_t>> heaviest_first(n);
  std::vector<std::size_t> cursor(n, 0);
  std::vector<double> load(n, 0.0);
  auto current_load = [&](NodeId u) {
    std::vector<double> kept_times;
    for (std::size_t link : heaviest_first[u])
      if (pruning.kept(link))
        kept_times.push_back(time[link]);
    return metric(u, kept_times);
  };
  // Nodes by non-increasing metric, lower index first on ties (line 5).
  auto heavier = [](const std::pair<double, NodeId>& a, const std::pair<double, NodeId>& b) {
    return std::tie(b.first, a.second) < std::tie(a.first, b.second);
  };
  std::set<std::pair<double, NodeId>, decltype(heavier)> nodes(heavier);
  for (NodeId u = 0; u < n; ++u) {
    heaviest_first[u] = pruning.out_links(u);
    std::stable_sort(heaviest_first[u].begin(), heaviest_first[u].end(), [&](std::size_t a, std::size_t b) {
      return std::make_tuple(time[b], pruning.head(a)) < std::make_tuple(time[a], pruning.head(b));
    });
    load[u] = current_load(u);
    if (!heaviest_first[u].empty())
      nodes.emplace(load[u], u);
  }

  while (!pruning.is_arborescence()) {
    if (nodes.empty())
      throw std::logic_error("refined pruning: no removable link left before reaching a tree");
    const NodeId u = nodes.begin()->second;
    nodes.erase(nodes.begin());
    const std::size_t link = heaviest_first[u][cursor[u]++];
    if (pruning.try_remove(link))  // OutDegree(u) <- OutDegree(u) - T_uv, then "goto 4"
      load[u] = current_load(u);
    if (cursor[u] < heaviest_first[u].size())
      nodes.emplace(load[u], u);
  }
  return tree_from_parents(graph, source, pruning.parents(), slice_bytes);
}

BroadcastTree topo_prune_degree_tree(const TopologyGraph& graph, NodeId source, double slice_bytes)
{
  return prune_by_node_metric(graph, source, slice_bytes, [](NodeId, const std::vector<double>& kept_link_times) {
    return std::accumulate(kept_link_times.begin(), kept_link_times.end(), 0.0);
  });
}

ScheduleResult schedule_topo_prune_degree(const BroadcastInstance& instance, NodeId root)
{
  const TopologyGraph& graph = checked_topology(instance, root, "prune-degree");
  return platform_graph_schedule(topo_prune_degree_tree(graph, root, instance.transfer_bytes()));
}

}  // namespace hbcast
