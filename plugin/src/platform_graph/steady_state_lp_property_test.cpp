// SSB(G) (Beaumont-Marchal-Robert, section 4.1) on random connected graphs: the LP optimum bounds every single
// tree's one-port throughput (a tree is one feasible solution of the program), equals the best tree
// on tree-shaped platforms, its edge loads satisfy the one-port constraints and carry TP from the
// source to every host, and cut generation agrees with the program solved whole.
#include <hbcast/core/broadcast_tree.hpp>
#include <hbcast/eval/pipeline_evaluator.hpp>
#include <hbcast/model/random_platform_generator.hpp>
#include <hbcast/platform_graph/steady_state_lp.hpp>
#include <hbcast/platform_graph/topology_cost_model.hpp>

#include "topology_heuristics_test_support.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <queue>
#include <random>
#include <string>
#include <vector>

using namespace hbcast;
using hbcast::topology_testing::kSliceBytes;  // 1e6 bytes, as in the heuristics' tests

namespace {

SteadyStateLpOptions options_with(SteadyStateLpMethod method, bool presolve = true)
{
  SteadyStateLpOptions options;
  options.method = method;
  options.presolve = presolve;
  return options;
}

constexpr std::uint64_t kBaseSeed = 20240611;
constexpr int kCases = 200;

// A single tree's one-port throughput, bytes per second.
double tree_bytes_per_second(const BroadcastTree& tree, const TopologyGraph& graph)
{
  return kSliceBytes / steady_state_period(tree, TopologyCostModel(graph), kSliceBytes, PortModel::one_port);
}

// Best one-port throughput over ALL spanning arborescences rooted at `source` (the heuristics'
// exhaustive oracle, shared with their tests).
double best_tree_throughput(const TopologyGraph& graph, NodeId source)
{
  return kSliceBytes / topology_testing::best_period_by_enumeration(graph, source, kSliceBytes, PortModel::one_port);
}

// A spanning arborescence grown from the source, each step along a uniformly drawn link leaving it.
BroadcastTree random_grown_tree(const TopologyGraph& graph, NodeId source, std::mt19937_64& rng)
{
  BroadcastTree tree(graph.size(), source);
  std::vector<bool> inside(graph.size(), false);
  inside[source] = true;
  for (std::size_t added = 1; added < graph.size(); ++added) {
    std::vector<std::pair<NodeId, NodeId>> frontier;
    for (const auto& [u, v] : graph.links())
      if (inside[u] && !inside[v])
        frontier.emplace_back(u, v);
    const auto [u, v] = frontier[std::uniform_int_distribution<std::size_t>(0, frontier.size() - 1)(rng)];
    tree.add_child(u, v);
    inside[v] = true;
  }
  return tree;
}

// Max flow from the source to `sink` with capacities `capacity` (dense), by Edmonds-Karp.
double max_flow(std::vector<std::vector<double>> capacity, NodeId source, NodeId sink)
{
  const std::size_t n = capacity.size();
  const double negligible = 1e-12;
  double flow = 0.0;
  while (true) {
    std::vector<NodeId> previous(n, kNoNode);
    previous[source] = source;
    std::queue<NodeId> frontier;
    frontier.push(source);
    while (!frontier.empty() && previous[sink] == kNoNode) {
      const NodeId u = frontier.front();
      frontier.pop();
      for (NodeId v = 0; v < n; ++v)
        if (previous[v] == kNoNode && capacity[u][v] > negligible) {
          previous[v] = u;
          frontier.push(v);
        }
    }
    if (previous[sink] == kNoNode)
      return flow;
    double bottleneck = std::numeric_limits<double>::infinity();
    for (NodeId v = sink; v != source; v = previous[v])
      bottleneck = std::min(bottleneck, capacity[previous[v]][v]);
    for (NodeId v = sink; v != source; v = previous[v]) {
      capacity[previous[v]][v] -= bottleneck;
      capacity[v][previous[v]] += bottleneck;
    }
    flow += bottleneck;
  }
}

// The loads meet (h)-(j) and, as capacities, let TP reach every host (what (a)-(d) promise).
void expect_loads_consistent(const SteadyStateSolution& solution, const TopologyGraph& graph, NodeId source)
{
  const std::size_t n = graph.size();
  std::vector<double> in_busy(n, 0.0), out_busy(n, 0.0);
  std::vector<std::vector<double>> capacity(n, std::vector<double>(n, 0.0));
  const auto links = graph.links();
  ASSERT_EQ(solution.edge_loads.size(), links.size());
  for (std::size_t e = 0; e < links.size(); ++e) {
    const auto [u, v] = links[e];
    const double load = solution.edge_loads[e], busy = load * graph.link_time(u, v, kSliceBytes);
    EXPECT_GE(load, 0.0);
    EXPECT_LE(busy, 1.0 + 1e-9) << u << " -> " << v;
    in_busy[v] += busy;
    out_busy[u] += busy;
    capacity[u][v] = load;
  }
  for (NodeId u = 0; u < n; ++u) {
    EXPECT_LE(in_busy[u], 1.0 + 1e-9) << "in-port of " << u;
    EXPECT_LE(out_busy[u], 1.0 + 1e-9) << "out-port of " << u;
    if (u != source) {
      EXPECT_GE(max_flow(capacity, source, u), solution.slices_per_second * (1.0 - 1e-9)) << "to " << u;
    }
  }
}

// Cut bounds any solution obeys: the source sends each slice at least once, each host receives it.
void expect_below_port_bounds(const SteadyStateSolution& solution, const TopologyGraph& graph, NodeId source)
{
  std::vector<double> fastest_in(graph.size(), std::numeric_limits<double>::infinity());
  double fastest_out = std::numeric_limits<double>::infinity();
  for (const auto& [u, v] : graph.links()) {
    const double time = graph.link_time(u, v, kSliceBytes);
    fastest_in[v] = std::min(fastest_in[v], time);
    if (u == source)
      fastest_out = std::min(fastest_out, time);
  }
  EXPECT_LE(solution.slices_per_second, (1.0 + 1e-9) / fastest_out);
  for (NodeId v = 0; v < graph.size(); ++v)
    if (v != source) {
      EXPECT_LE(solution.slices_per_second, (1.0 + 1e-9) / fastest_in[v]) << "host " << v;
    }
}

}  // namespace

TEST(SteadyStateLpProperty, NoSingleTreeBeatsTheOptimum)
{
  int exhaustive_cases = 0, tree_shaped_cases = 0;
  for (int k = 0; k < kCases; ++k) {
    const std::uint64_t seed = kBaseSeed + static_cast<std::uint64_t>(k);
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937_64 rng(seed);
    // 3 to 12 hosts; tree-shaped (one spanning arborescence, plus its reversed links when
    // symmetric) with probability 0.2, otherwise each other ordered pair linked with probability
    // up to 0.6.
    const std::size_t n = std::uniform_int_distribution<std::size_t>(3, 12)(rng);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    const bool tree_shaped = unit(rng) < 0.2;
    const bool symmetric = unit(rng) < 0.5;
    const double density = tree_shaped ? 0.0 : unit(rng) * 0.6;
    const auto instance = topology_testing::random_case(n, density, symmetric, tree_shaped, rng);
    const auto& graph = instance.graph;
    const NodeId source = instance.source;
    const auto solution = solve_steady_state_broadcast(graph, source, kSliceBytes);
    ASSERT_EQ(solution.status, SteadyStateSolution::Status::optimal);
    const double lp = solution.bytes_per_second;  // compared with trees in bytes per second
    EXPECT_NEAR(lp, solution.slices_per_second * kSliceBytes, 1e-12 * lp);
    expect_loads_consistent(solution, graph, source);
    // The program as written (x^{uv}_w), solved whole, has the same optimum.
    const auto full = solve_steady_state_broadcast(graph, source, kSliceBytes, options_with(SteadyStateLpMethod::dual_simplex));
    EXPECT_NEAR(full.bytes_per_second, lp, 1e-9 * lp);
    expect_loads_consistent(full, graph, source);
    expect_below_port_bounds(solution, graph, source);

    for (int t = 0; t < 20; ++t)
      EXPECT_LE(tree_bytes_per_second(random_grown_tree(graph, source, rng), graph), lp * (1.0 + 1e-9));
    if (graph.size() <= 7) {
      ++exhaustive_cases;
      const double best_tree = best_tree_throughput(graph, source);
      EXPECT_LE(best_tree, lp * (1.0 + 1e-9));
      if (tree_shaped) {  // one spanning tree: the LP can do no better than it
        ++tree_shaped_cases;
        EXPECT_NEAR(lp, best_tree, 1e-9 * best_tree);
      }
    } else if (tree_shaped) {
      ++tree_shaped_cases;
      EXPECT_NEAR(lp, tree_bytes_per_second(random_grown_tree(graph, source, rng), graph), 1e-9 * lp);
    }
  }
  EXPECT_GE(exhaustive_cases, 50);
  EXPECT_GE(tree_shaped_cases, 20);
}

// The platforms of Beaumont-Marchal-Robert, section 5.1 at 30 hosts (|E| (|V| - 1) is about 2500 x^{uv}_w there, which
// CLP still solves whole in a few hundredths of a second): both methods agree.
TEST(SteadyStateLpProperty, CutGenerationMatchesTheFullProgramOnGeneratedPlatforms)
{
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    RandomPlatformParameters parameters;
    parameters.node_count = 30;
    parameters.density = 0.1;
    parameters.seed = seed;
    const auto graph = TopologyGraph::from_platform_graph(generate_random_platform(parameters));
    const auto cuts = solve_steady_state_broadcast(graph, 0, kSliceBytes);
    const auto full = solve_steady_state_broadcast(graph, 0, kSliceBytes, options_with(SteadyStateLpMethod::dual_simplex));
    EXPECT_NEAR(cuts.slices_per_second, full.slices_per_second, 1e-9 * full.slices_per_second);
    expect_loads_consistent(cuts, graph, 0);
    expect_below_port_bounds(cuts, graph, 0);
  }
}
