// multi-tree (issue 16, item 3): on hand and random platform graphs, the plan's weights sum to the
// steady-state optimum, its trees are spanning trees of links (at most one per loaded link), and
// the plan's own busiest port (plan_period, an independent evaluator) runs at that optimum.
#include <hbcast/eval/plan_period.hpp>
#include <hbcast/platform_graph/multi_tree.hpp>
#include <hbcast/platform_graph/steady_state_lp.hpp>

#include "topology_heuristics_test_support.hpp"

#include <algorithm>
#include <set>
#include <string>
#include <vector>

using namespace hbcast;
using namespace hbcast::topology_testing;

namespace {

double optimum(const TopologyGraph& graph, NodeId root, PortModel port)
{
  SteadyStateLpOptions options;
  options.port = port;
  return solve_steady_state_broadcast(graph, root, kSliceBytes, options).slices_per_second;
}

// Weights sum to the optimum; every tree spans over links; the plan's period is 1 / optimum (a
// plan of period p would be a program solution of throughput 1 / p: p >= 1 / optimum, and the
// loads within the program's make p <= 1 / optimum); children by decreasing subtree height.
void expect_plan_meets_optimum(const TopologyGraph& graph, NodeId root, PortModel port)
{
  auto shared = std::make_shared<TopologyGraph>(graph);
  auto costs = std::make_shared<TopologyCostModel>(*shared);
  std::vector<std::string> names;
  for (NodeId u = 0; u < graph.size(); ++u)
    names.push_back("h" + std::to_string(u));
  BroadcastInstance instance(costs, names, kSliceBytes, port);
  instance.set_topology(shared);
  const ScheduleResult result = schedule_multi_tree(instance, root);
  const double best = optimum(graph, root, port);
  ASSERT_FALSE(result.weighted_trees.empty());
  EXPECT_NEAR(result.steady_state_optimum, best, 1e-7 * best);
  std::vector<BroadcastTree> trees;
  std::vector<double> weights;
  double total = 0.0;
  for (const auto& [weight, tree] : result.weighted_trees) {
    expect_spanning_tree_of_links(tree, graph, root);
    EXPECT_GT(weight, 0.0);
    EXPECT_TRUE(weights.empty() || weight <= weights.back()) << "heaviest first";
    trees.push_back(tree);
    weights.push_back(weight);
    total += weight;
  }
  EXPECT_NEAR(total, best, 1e-6 * best);
  std::set<std::pair<NodeId, NodeId>> loaded;  // the links some tree uses: the plan's positive loads
  for (const auto& tree : trees) {
    const auto parents = tree.parents();
    for (NodeId v = 0; v < tree.size(); ++v)
      if (v != root)
        loaded.insert({parents[v], v});
  }
  EXPECT_LE(trees.size(), loaded.size());
  EXPECT_NEAR(plan_period(trees, weights, *costs, kSliceBytes, port), 1.0 / best, 1e-6 / best);
  EXPECT_EQ(children_of(result.tree), children_of(trees.front()));
}

// The graph's links without latency (the program's multi-port rows count bandwidth only), and
// the hosts' send overheads kept (a row per sender).
TopologyGraph bandwidth_only(const TopologyGraph& graph)
{
  TopologyGraph result(graph.size());
  for (const auto& [u, v] : graph.links())
    result.add_link(u, v, 0.0, 1.0 / (graph.link_time(u, v, 1.0) - graph.link_time(u, v, 0.0)));
  for (NodeId u = 0; u < graph.size(); ++u)
    result.set_send_overhead(u, graph.send_latency(u), graph.send_inverse_bandwidth(u));
  return result;
}

}  // namespace

TEST(MultiTree, ThreeTreesBeatAnySingleTree)
{
  // One-port from 0, T_01 = T_02 = 1, T_12 = T_21 = 2. Each of the three spanning trees has period
  // 2 (0.5 slices/s). Trees 0->1->2, 0->2->1 and the star with a quarter slice per second each:
  // host 0 sends 1/4 + 1/4 + 2/4 = 1 s per second, host 1 receives 1/4 x 1 + 1/4 x 2 + 1/4 x 1 = 1,
  // host 2 alike: 0.75 slices/s. No more: with s the chains' and c the star's rates, host 0 gives
  // s + 2c <= 1, the receives 3s + 2c <= 2, and (1/4, 1/4) times them bound s + c by 3/4.
  const TopologyGraph graph = graph_of(3, {{0, 1, 1.0}, {0, 2, 1.0}, {1, 2, 2.0}, {2, 1, 2.0}});
  EXPECT_NEAR(optimum(graph, 0, PortModel::one_port), 0.75, 1e-9);
  expect_plan_meets_optimum(graph, 0, PortModel::one_port);
}

TEST(MultiTree, DeepestBranchFirst)
{
  // A single possible tree: 0 -> {1, 2}, 2 -> 3. Host 0 sends to 2 first (height 1) then 1.
  const TopologyGraph graph = graph_of(4, {{0, 1, 1.0}, {0, 2, 1.0}, {2, 3, 1.0}});
  auto shared = std::make_shared<TopologyGraph>(graph);
  BroadcastInstance instance(std::make_shared<TopologyCostModel>(*shared), {"a", "b", "c", "d"}, 1.0);
  instance.set_topology(shared);
  const ScheduleResult result = schedule_multi_tree(instance, 0);
  ASSERT_EQ(result.weighted_trees.size(), 1u);
  EXPECT_EQ(children_of(result.tree), (std::vector<std::vector<NodeId>>{{2, 1}, {}, {3}, {}}));
  EXPECT_NEAR(result.weighted_trees.front().weight, 0.5, 1e-9);  // host 0 sends two 1-s transfers
}

TEST(MultiTree, RandomGraphsBothPortModels)
{
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    std::mt19937_64 rng(seed);
    const std::size_t n = 3 + seed % 18;
    const double density = std::uniform_real_distribution<double>(0.1, 0.6)(rng);
    auto sample = random_case(n, density, seed % 2 == 0, false, rng);
    SCOPED_TRACE("seed " + std::to_string(seed) + ", n " + std::to_string(n));
    if (seed % 3 != 0) {
      expect_plan_meets_optimum(sample.graph, sample.source, PortModel::one_port);
      continue;
    }
    // Multi-port: the program's rows are the arcs' bandwidths (no latency) and the senders'
    // overheads, so compare on such a graph.
    expect_plan_meets_optimum(bandwidth_only(sample.graph), sample.source, PortModel::multi_port);
  }
}

TEST(MultiTree, RegisteredByNameOnly)
{
  // Plans, not trees: `all` leaves them out.
  const auto all = schedulers_of_all();
  for (const char* name : {"multi-tree", "multi-tree-capped", "multi-tree-periodic"}) {
    const SchedulerInfo* registered = find_scheduler(name);
    ASSERT_NE(registered, nullptr) << name;
    EXPECT_TRUE(registered->named_only) << name;
    EXPECT_TRUE(registered->needs_platform_graph) << name;
    EXPECT_EQ(std::count(all.begin(), all.end(), registered), 0) << name;
  }
  // The named-only ones: the plans (multi-tree and its forms, two-tree) and best, which chooses
  // among them all.
  std::vector<std::string> named_only;
  for (const auto& scheduler : scheduler_registry())
    if (scheduler.named_only)
      named_only.push_back(scheduler.name);
  std::sort(named_only.begin(), named_only.end());
  EXPECT_EQ(named_only, (std::vector<std::string>{"best", "multi-tree", "multi-tree-capped", "multi-tree-periodic",
                                                  "two-tree"}));
  EXPECT_EQ(all.size() + named_only.size(), scheduler_registry().size());
}
