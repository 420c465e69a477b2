#include <hbcast/platform_graph/multiport_grow_tree.hpp>
#include <hbcast/platform_graph/topo_grow_tree.hpp>

#include "topology_heuristics_test_support.hpp"

using namespace hbcast;
using namespace hbcast::topology_testing;

TEST(MultiportGrowTree, OverlappingSendsMakeTheStarBest)
{
  // 0 -> 1, 2, 3 at T = 1; 1 -> 2 -> 3 at T = 1.5; send_u = 0.1 everywhere. Multi-port cost of
  // adding (u, w): max((children + 1) * send_u, T_uw, slowest child of u). 0->1 costs 1; then 0->2
  // costs max(0.2, 1, 1) = 1 < 1.5 for 1->2; then 0->3 costs max(0.3, 1, 1) = 1 < 1.5 for 2->3.
  // The star: multi-port period max(3 * 0.1, 1) = 1, the optimum; the one-port grow tree builds
  // the chain, whose multi-port period is 1.5.
  auto graph = with_send_overheads(fan_with_chain(), {0.1, 0.1, 0.1, 0.1});
  auto tree = multiport_grow_tree(graph, 0, 1.0);
  EXPECT_EQ(children_of(tree), (std::vector<std::vector<NodeId>>{{1, 2, 3}, {}, {}, {}}));
  EXPECT_DOUBLE_EQ(period_of(tree, graph, 1.0, PortModel::multi_port), 1.0);
  EXPECT_DOUBLE_EQ(period_of(topo_grow_tree(graph, 0, 1.0), graph, 1.0, PortModel::multi_port), 1.5);
}

TEST(MultiportGrowTree, SerializedSendOverheadMovesChildrenAway)
{
  // 0 -> 1, 2, 3 at T = 1; 1 -> 2, 3 at T = 1.2; send_0 = 0.8, send_1 = 0.1. 0->1 costs
  // max(0.8, 1) = 1. Then 0->2 costs max(2 * 0.8, 1, 1) = 1.6 > 1.2 for 1->2; then 0->3 costs 1.6
  // > max(2 * 0.1, 1.2, 1.2) = 1.2 for 1->3. Period max(1, 1.2) = 1.2, the optimum (the other
  // three trees give node 0 two or three children: 1.6 or 2.4).
  auto graph = with_send_overheads(graph_of(4, {{0, 1, 1.0}, {0, 2, 1.0}, {0, 3, 1.0}, {1, 2, 1.2}, {1, 3, 1.2}}),
                                   {0.8, 0.1, 0.0, 0.0});
  auto tree = multiport_grow_tree(graph, 0, 1.0);
  EXPECT_EQ(children_of(tree), (std::vector<std::vector<NodeId>>{{1}, {2, 3}, {}, {}}));
  EXPECT_DOUBLE_EQ(period_of(tree, graph, 1.0, PortModel::multi_port), 1.2);
  EXPECT_DOUBLE_EQ(best_period_by_enumeration(graph, 0, 1.0, PortModel::multi_port), 1.2);
}

TEST(MultiportGrowTree, SendOverheadScalesWithTheSlice)
{
  // send_0(L) = L * 0.5: with L = 1 the star 0 -> 1, 2 costs max(2 * 0.5, 1) = 1 < 1.5 for 1->2;
  // with L = 4 adding 0->2 costs max(2 * 2, 1) = 4 > 1.5 (latency-only links keep T fixed).
  auto graph = graph_of(3, {{0, 1, 1.0}, {0, 2, 1.0}, {1, 2, 1.5}});
  graph.set_send_overhead(0, 0.0, 0.5);
  EXPECT_EQ(children_of(multiport_grow_tree(graph, 0, 1.0)), (std::vector<std::vector<NodeId>>{{1, 2}, {}, {}}));
  EXPECT_EQ(children_of(multiport_grow_tree(graph, 0, 4.0)), (std::vector<std::vector<NodeId>>{{1}, {2}, {}}));
}

TEST(MultiportGrowTree, RejectsAHostUnreachableFromTheSource)
{
  EXPECT_THROW(multiport_grow_tree(graph_of(2, {{1, 0, 1.0}}), 0, 1.0), std::invalid_argument);
}

TEST(MultiportGrowTree, SchedulerContract)
{
  check_scheduler_contract("multiport-grow-tree", schedule_multiport_grow_tree);
}

TEST(MultiportGrowTree, SpanningArborescenceOfLinksWithTheEvaluatorsPeriod)
{
  check_on_random_graphs(multiport_grow_tree, PortModel::multi_port);
}

TEST(MultiportGrowTree, ReturnsTheTreeOfAGraphThatIsOne)
{
  check_returns_the_tree_of_tree_graphs(multiport_grow_tree);
}
