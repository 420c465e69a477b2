#include <hbcast/platform_graph/topo_grow_tree.hpp>

#include "topology_heuristics_test_support.hpp"

using namespace hbcast;
using namespace hbcast::topology_testing;

TEST(TopoGrowTree, PicksTheLowDegreePath)
{
  // 0 -> 1, 2, 3 at T = 1; 1 -> 2 -> 3 at T = 1.5. From {0}: the three links cost 1, 0->1 wins
  // (lower head). Then 0->2 and 0->3 cost OutDegree(0) + 1 = 2, 1->2 costs 1.5: 1->2. Then 0->3
  // costs 2, 2->3 costs 1.5: 2->3. The chain 0 -> 1 -> 2 -> 3, period 1.5, the optimum.
  auto graph = fan_with_chain();
  auto tree = topo_grow_tree(graph, 0, 1.0);
  EXPECT_EQ(children_of(tree), (std::vector<std::vector<NodeId>>{{1}, {2}, {3}, {}}));
  EXPECT_DOUBLE_EQ(period_of(tree, graph, 1.0, PortModel::one_port), 1.5);
}

TEST(TopoGrowTree, CostIsTheOutDegreeTheSenderWouldHave)
{
  // 0 -> 1, 2, 3 at T = 1 and 1 -> 3 at T = 3.5. 0->1 (cost 1), then 0->2 (2; 0->3 ties at 2,
  // lower head wins), then 0->3 costs 1 + 2 = 3 < 3.5 for 1->3: the star, period 3, the optimum.
  // The pseudo-code's literal update cost(0, w) += cost(0, v) would price 0->3 at
  // 1 + cost(0,1) + cost(0,2) = 1 + 1 + 2 = 4 and pick 1->3: period 3.5.
  auto graph = graph_of(4, {{0, 1, 1.0}, {0, 2, 1.0}, {0, 3, 1.0}, {1, 3, 3.5}});
  auto tree = topo_grow_tree(graph, 0, 1.0);
  EXPECT_EQ(children_of(tree), (std::vector<std::vector<NodeId>>{{1, 2, 3}, {}, {}, {}}));
  EXPECT_DOUBLE_EQ(period_of(tree, graph, 1.0, PortModel::one_port), 3.0);
  EXPECT_DOUBLE_EQ(best_period_by_enumeration(graph, 0, 1.0, PortModel::one_port), 3.0);
}

TEST(TopoGrowTree, Triangle)
{
  // T_01 = 1, T_12 = 2, T_02 = 4 both ways: 0->1 (1 < 4), then 1->2 (2) beats 0->2 (1 + 4 = 5).
  auto graph = triangle();
  auto tree = topo_grow_tree(graph, 0, 1.0);
  EXPECT_EQ(children_of(tree), (std::vector<std::vector<NodeId>>{{1}, {2}, {}}));
  EXPECT_DOUBLE_EQ(period_of(tree, graph, 1.0, PortModel::one_port), 2.0);
}

TEST(TopoGrowTree, LinkTimesUseTheSliceSize)
{
  // T_uv(L) = latency + L / bandwidth: with L = 100, 0 -> 2 (1 + 100/100 = 2) beats 0 -> 1 -> 2
  // through the latency-free but slow 1 -> 2 (0 + 100/10 = 10): cost 1.01 + 2 = 3.01 < 10.
  TopologyGraph graph(3);
  graph.add_link(0, 1, 0.01, 100.0);  // T = 1.01
  graph.add_link(0, 2, 1.0, 100.0);   // T = 2
  graph.add_link(1, 2, 0.0, 10.0);    // T = 10
  EXPECT_EQ(children_of(topo_grow_tree(graph, 0, 100.0)), (std::vector<std::vector<NodeId>>{{1, 2}, {}, {}}));
  // With L = 1 the slow link is fast enough: 1->2 costs 0.1 < 0.02 + 1.01.
  EXPECT_EQ(children_of(topo_grow_tree(graph, 0, 1.0)), (std::vector<std::vector<NodeId>>{{1}, {2}, {}}));
}

TEST(TopoGrowTree, RejectsAHostUnreachableFromTheSource)
{
  EXPECT_THROW(topo_grow_tree(graph_of(3, {{0, 1, 1.0}, {2, 0, 1.0}}), 0, 1.0), std::invalid_argument);
}

TEST(TopoGrowTree, SchedulerContract) { check_scheduler_contract("grow-tree", schedule_topo_grow_tree); }

TEST(TopoGrowTree, SpanningArborescenceOfLinksWithTheEvaluatorsPeriod)
{
  check_on_random_graphs(topo_grow_tree, PortModel::one_port);
}

TEST(TopoGrowTree, ReturnsTheTreeOfAGraphThatIsOne) { check_returns_the_tree_of_tree_graphs(topo_grow_tree); }
