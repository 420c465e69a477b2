#include <hbcast/platform_graph/topo_prune_degree.hpp>
#include <hbcast/platform_graph/topo_prune_simple.hpp>

#include "topology_heuristics_test_support.hpp"

using namespace hbcast;
using namespace hbcast::topology_testing;

TEST(TopoPruneDegree, SpreadsTheLoadWhereSimplePruningKeepsAStar)
{
  // 0 -> 1, 2, 3 at T = 1; 1 -> 2 -> 3 at T = 1.5 (links 0->1, 0->2, 0->3, 1->2, 2->3).
  // OutDegree: 0: 3, 1: 1.5, 2: 1.5, 3: 0. Node 0 is heaviest: 0->1 (its links tie at 1, lower
  // head first) is 1's only in-link; 0->2 goes (2 via 1), OutDegree(0) = 2, still the heaviest;
  // 0->3 goes (3 via 1 -> 2), OutDegree(0) = 1, and 3 links remain: the chain 0 -> 1 -> 2 -> 3,
  // period 1.5, the optimum; simple pruning keeps the star (period 3).
  auto graph = fan_with_chain();
  auto tree = topo_prune_degree_tree(graph, 0, 1.0);
  EXPECT_EQ(children_of(tree), (std::vector<std::vector<NodeId>>{{1}, {2}, {3}, {}}));
  EXPECT_DOUBLE_EQ(period_of(tree, graph, 1.0, PortModel::one_port), 1.5);
  EXPECT_DOUBLE_EQ(period_of(topo_prune_simple_tree(graph, 0, 1.0), graph, 1.0, PortModel::one_port), 3.0);
}

TEST(TopoPruneDegree, TriangleFollowsTheHeaviestNode)
{
  // T_01 = 1, T_12 = 2, T_02 = 4 both ways. OutDegree 0: 5, 1: 3, 2: 6. Node 2: 2->0 (4) goes, 2
  // drops to 2. Node 0 (5): 0->2 goes (2 via 1), 0 drops to 1. Node 1 (3): 1->2 is now 2's only
  // in-link, 1->0 goes, 1 drops to 2 with no link left to try. Node 2 (2): 2->1 goes (1 via 0).
  // Left: 0 -> 1 -> 2, period 2, the optimum (the star has 5).
  auto graph = triangle();
  auto tree = topo_prune_degree_tree(graph, 0, 1.0);
  EXPECT_EQ(children_of(tree), (std::vector<std::vector<NodeId>>{{1}, {2}, {}}));
  EXPECT_DOUBLE_EQ(period_of(tree, graph, 1.0, PortModel::one_port), 2.0);
}

TEST(TopoPruneDegree, PrunesAtTheHeaviestNodeNotTheHeaviestLink)
{
  // 0 -> 1 at T = 10 and 0 -> 2 at T = 3 (node 0: 13); 1 -> 2 at T = 5 (node 1: 5). Simple pruning
  // removes 0->1 first (1's only in-link, essential), then 1->2 (2 via 0): period 13. Degree
  // pruning takes node 0 first: 0->1 is essential, 0->2 goes (2 via 1): 0 -> 1 -> 2, period 10.
  auto graph = graph_of(3, {{0, 1, 10.0}, {0, 2, 3.0}, {1, 2, 5.0}});
  auto tree = topo_prune_degree_tree(graph, 0, 1.0);
  EXPECT_EQ(children_of(tree), (std::vector<std::vector<NodeId>>{{1}, {2}, {}}));
  EXPECT_DOUBLE_EQ(period_of(tree, graph, 1.0, PortModel::one_port), 10.0);
  EXPECT_DOUBLE_EQ(period_of(topo_prune_simple_tree(graph, 0, 1.0), graph, 1.0, PortModel::one_port), 13.0);
}

TEST(TopoPruneDegree, RejectsAHostUnreachableFromTheSource)
{
  EXPECT_THROW(topo_prune_degree_tree(graph_of(3, {{1, 0, 1.0}, {1, 2, 1.0}}), 0, 1.0), std::invalid_argument);
}

TEST(TopoPruneDegree, SchedulerContract) { check_scheduler_contract("prune-degree", schedule_topo_prune_degree); }

TEST(TopoPruneDegree, SpanningArborescenceOfLinksWithTheEvaluatorsPeriod)
{
  check_on_random_graphs(topo_prune_degree_tree, PortModel::one_port);
}

TEST(TopoPruneDegree, ReturnsTheTreeOfAGraphThatIsOne)
{
  check_returns_the_tree_of_tree_graphs(topo_prune_degree_tree);
}
