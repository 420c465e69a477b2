#include <hbcast/platform_graph/lp_grow_tree.hpp>

#include <hbcast/platform_graph/topology_scheduling.hpp>

#include "topology_heuristics_test_support.hpp"

using namespace hbcast;
using namespace hbcast::topology_testing;

TEST(LpGrowTree, AddsTheMostUsedLinkLeavingTheTree)
{
  // Loads 0->1: 0.5, 0->2: 0.4, 1->2: 0.1. From {0}: 0->1 (0.5 > 0.4); then 0->2 (0.4 > 0.1): the
  // star, period 5. With 1->2 at 0.45 instead, 1->2 wins the second step: the chain, period 2.
  auto graph = triangle();
  auto star = lp_grow_tree(graph, 0, {0.5, 0.4, 0.0, 0.1, 0.0, 0.0}, 1.0);
  EXPECT_EQ(children_of(star), (std::vector<std::vector<NodeId>>{{1, 2}, {}, {}}));
  EXPECT_DOUBLE_EQ(period_of(star, graph, 1.0, PortModel::one_port), 5.0);
  auto chain = lp_grow_tree(graph, 0, {0.5, 0.4, 0.0, 0.45, 0.0, 0.0}, 1.0);
  EXPECT_EQ(children_of(chain), (std::vector<std::vector<NodeId>>{{1}, {2}, {}}));
  EXPECT_DOUBLE_EQ(period_of(chain, graph, 1.0, PortModel::one_port), 2.0);
}

TEST(LpGrowTree, EqualLoadsGoToTheFasterLink)
{
  // All loads 0: 0->1 (T 1) before 0->2 (T 4); then 1->2 (T 2) beats 0->2 (T 4) although its
  // tail has the higher index: the faster link decides first. From root 2: 2->1 (T 2) before
  // 2->0 (T 4), then 1->0 (T 1) beats 2->0.
  auto graph = triangle();
  EXPECT_EQ(children_of(lp_grow_tree(graph, 0, std::vector<double>(6, 0.0), 1.0)),
            (std::vector<std::vector<NodeId>>{{1}, {2}, {}}));
  EXPECT_EQ(children_of(lp_grow_tree(graph, 2, std::vector<double>(6, 0.0), 1.0)),
            (std::vector<std::vector<NodeId>>{{}, {0}, {1}}));
}

TEST(LpGrowTree, RejectsLoadsThatDoNotMatchTheLinks)
{
  EXPECT_THROW(lp_grow_tree(triangle(), 0, {1.0}, 1.0), std::invalid_argument);
  EXPECT_THROW(lp_grow_tree(triangle(), 0, {0, 0, 0, 0, 0, std::nan("")}, 1.0), std::invalid_argument);
  EXPECT_THROW(lp_grow_tree(graph_of(3, {{0, 1, 1.0}}), 0, {1.0}, 1.0), std::invalid_argument);
}

TEST(LpGrowTree, SchedulerGrowsByTheSteadyStateLoads)
{
  auto graph = std::make_shared<TopologyGraph>(triangle());
  BroadcastInstance instance(std::make_shared<TopologyCostModel>(*graph), {"a", "b", "c"}, 1.0);
  instance.set_topology(graph);
  EXPECT_EQ(children_of(schedule_lp_grow_tree(instance, 0).tree),
            children_of(lp_grow_tree(*graph, 0, steady_state_edge_loads(*graph, 0, 1.0), 1.0)));
}

TEST(LpGrowTree, SchedulerContract) { check_scheduler_contract("lp-grow-tree", schedule_lp_grow_tree); }

TEST(LpGrowTree, SpanningArborescenceOfLinksWithTheEvaluatorsPeriod)
{
  check_on_random_graphs(
      [](const TopologyGraph& graph, NodeId source, double slice_bytes) {
        return lp_grow_tree(graph, source, arbitrary_edge_loads(graph), slice_bytes);
      },
      PortModel::one_port);
}

TEST(LpGrowTree, ReturnsTheTreeOfAGraphThatIsOne)
{
  check_returns_the_tree_of_tree_graphs([](const TopologyGraph& graph, NodeId source, double slice_bytes) {
    return lp_grow_tree(graph, source, arbitrary_edge_loads(graph), slice_bytes);
  });
}
