// Why simple pruning (seed 002, Algorithm 1) does not fall to the published 20% of the LP optimum
// at 50 nodes (Fig. 4a): on Table-2 platforms it is the minimum spanning tree (differential test in
// topo_prune_simple_test.cpp), and no tree chosen by link weight alone, nor a breadth-first tree,
// comes near 0.2. Prints, per platform size, the mean one-port throughput / SSB(G) optimum of the
// minimum spanning tree, the maximum spanning tree and a BFS tree, with their mean largest
// out-degree, over 5 densities (0.04..0.20) x `configurations` platforms, slices of 1 MB.
// Usage: spanning_tree_baselines [configurations=10] [seed=1]
#include <hbcast/eval/pipeline_evaluator.hpp>
#include <hbcast/model/random_platform_generator.hpp>
#include <hbcast/model/steady_state_lp.hpp>
#include <hbcast/model/topology_cost_model.hpp>
#include <hbcast/sched/topology_scheduling.hpp>

#include <boost/pending/disjoint_sets.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <queue>
#include <string>

using namespace hbcast;

namespace {

constexpr double kSliceBytes = 1e6;

// Parents of the tree spanned by `undirected_edges`, found breadth first from the source.
std::vector<NodeId> orient_from(NodeId source, std::size_t n,
                                const std::vector<std::pair<NodeId, NodeId>>& undirected_edges)
{
  std::vector<std::vector<NodeId>> adjacent(n);
  for (const auto& [u, v] : undirected_edges) {
    adjacent[u].push_back(v);
    adjacent[v].push_back(u);
  }
  std::vector<NodeId> parent(n, kNoNode);
  std::vector<bool> reached(n, false);
  std::queue<NodeId> frontier;
  frontier.push(source);
  reached[source] = true;
  while (!frontier.empty()) {
    const NodeId u = frontier.front();
    frontier.pop();
    for (NodeId v : adjacent[u])
      if (!reached[v]) {
        reached[v] = true;
        parent[v] = u;
        frontier.push(v);
      }
  }
  return parent;
}

// Kruskal: the lightest (or heaviest) links that join two components.
BroadcastTree spanning_tree(const TopologyGraph& graph, NodeId source, bool heaviest)
{
  auto links = graph.links();
  std::stable_sort(links.begin(), links.end(), [&](const auto& a, const auto& b) {
    const double ta = graph.link_time(a.first, a.second, kSliceBytes);
    const double tb = graph.link_time(b.first, b.second, kSliceBytes);
    return heaviest ? ta > tb : ta < tb;
  });
  std::vector<std::size_t> rank(graph.size()), parent(graph.size());
  boost::disjoint_sets<std::size_t*, std::size_t*> components(rank.data(), parent.data());
  for (std::size_t u = 0; u < graph.size(); ++u)
    components.make_set(u);
  std::vector<std::pair<NodeId, NodeId>> kept;
  for (const auto& [u, v] : links)
    if (components.find_set(u) != components.find_set(v)) {
      components.union_set(u, v);
      kept.emplace_back(u, v);
    }
  return tree_from_parents(graph, source, orient_from(source, graph.size(), kept), kSliceBytes);
}

BroadcastTree breadth_first_tree(const TopologyGraph& graph, NodeId source)
{
  return tree_from_parents(graph, source, orient_from(source, graph.size(), graph.links()), kSliceBytes);
}

std::size_t largest_out_degree(const BroadcastTree& tree)
{
  std::size_t largest = 0;
  for (NodeId u = 0; u < tree.size(); ++u)
    largest = std::max(largest, tree.children(u).size());
  return largest;
}

}  // namespace

int main(int argc, char** argv)
{
  const int configurations = argc > 1 ? std::atoi(argv[1]) : 10;
  const std::uint64_t seed = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 1;
  std::printf("nodes  MST=prune-simple (deg)  max-spanning-tree (deg)  BFS tree (deg)   [seed %llu, %d configs]\n",
              static_cast<unsigned long long>(seed), configurations);
  for (std::size_t nodes = 10; nodes <= 50; nodes += 10) {
    double ratio[3] = {0, 0, 0}, degree[3] = {0, 0, 0};
    int count = 0;
    for (int density_step = 1; density_step <= 5; ++density_step)
      for (int configuration = 0; configuration < configurations; ++configuration) {
        RandomPlatformParameters parameters;
        parameters.node_count = nodes;
        parameters.density = 0.04 * density_step;
        parameters.seed = seed * 1000003 + nodes * 1009 + density_step * 101 + configuration;
        const auto graph = TopologyGraph::from_platform_graph(generate_random_platform(parameters));
        const TopologyCostModel costs(graph);
        const double optimum = solve_steady_state_broadcast(graph, 0, kSliceBytes).slices_per_second;
        const BroadcastTree trees[3] = {spanning_tree(graph, 0, false), spanning_tree(graph, 0, true),
                                        breadth_first_tree(graph, 0)};
        for (int k = 0; k < 3; ++k) {
          ratio[k] += 1.0 / steady_state_period(trees[k], costs, kSliceBytes, PortModel::one_port) / optimum;
          degree[k] += static_cast<double>(largest_out_degree(trees[k]));
        }
        ++count;
      }
    std::printf("%5zu  %10.3f (%4.1f)         %10.3f (%4.1f)         %6.3f (%4.1f)\n", nodes, ratio[0] / count,
                degree[0] / count, ratio[1] / count, degree[1] / count, ratio[2] / count, degree[2] / count);
  }
  return 0;
}
