#include <hbcast/platform_graph/lp_prune.hpp>
#include <hbcast/platform_graph/steady_state_lp.hpp>

#include <hbcast/platform_graph/topology_scheduling.hpp>

#include "topology_heuristics_test_support.hpp"

using namespace hbcast;
using namespace hbcast::topology_testing;

TEST(LpPrune, RemovesTheLeastUsedLinksFirst)
{
  // Loads 0->1: 0.5, 0->2: 0.25, 1->2: 0.25, the rest 0. The unused links go first, slower first:
  // 2->0 (T 4; into the source), 2->1 (T 2; 1 via 0), 1->0 (T 1). Then the 0.25 ties, slower
  // first: 0->2 (T 4) goes (2 via 1), 1->2 is now essential: 0 -> 1 -> 2, period 2.
  auto graph = triangle();
  auto tree = lp_prune_tree(graph, 0, {0.5, 0.25, 0.0, 0.25, 0.0, 0.0}, 1.0);
  EXPECT_EQ(children_of(tree), (std::vector<std::vector<NodeId>>{{1}, {2}, {}}));
  EXPECT_DOUBLE_EQ(period_of(tree, graph, 1.0, PortModel::one_port), 2.0);
}

TEST(LpPrune, FollowsTheLoadsNotTheLinkTimes)
{
  // Now 0->2 carries 0.4 and 1->2 only 0.1: 1->2 goes before 0->2, leaving the star 0 -> {1, 2}
  // (period 5): the LP's weights decide, whatever T says. Pruning the most used links first (the
  // pseudo-code's order) would start by removing 0->1, the LP's busiest link (1 via 0->2->1).
  auto graph = triangle();
  auto tree = lp_prune_tree(graph, 0, {0.5, 0.4, 0.0, 0.1, 0.0, 0.0}, 1.0);
  EXPECT_EQ(children_of(tree), (std::vector<std::vector<NodeId>>{{1, 2}, {}, {}}));
  EXPECT_DOUBLE_EQ(period_of(tree, graph, 1.0, PortModel::one_port), 5.0);
}

TEST(LpPrune, AllZeroLoadsPruneTheSlowestLinksFirst)
{
  // An unbounded LP (or one that uses nothing) leaves every load at 0: the tie rule alone prunes,
  // slowest first, which is simple pruning: 0 -> 1 -> 2.
  auto tree = lp_prune_tree(triangle(), 0, std::vector<double>(6, 0.0), 1.0);
  EXPECT_EQ(children_of(tree), (std::vector<std::vector<NodeId>>{{1}, {2}, {}}));
}

TEST(LpPrune, RejectsLoadsThatDoNotMatchTheLinks)
{
  EXPECT_THROW(lp_prune_tree(triangle(), 0, {1.0, 2.0}, 1.0), std::invalid_argument);
  EXPECT_THROW(lp_prune_tree(triangle(), 0, {0, 0, 0, 0, 0, std::nan("")}, 1.0), std::invalid_argument);
  EXPECT_THROW(lp_prune_tree(graph_of(3, {{0, 1, 1.0}}), 0, {1.0}, 1.0), std::invalid_argument);
}

TEST(LpPrune, SchedulerPrunesByTheSteadyStateLoads)
{
  auto graph = std::make_shared<TopologyGraph>(triangle());
  BroadcastInstance instance(std::make_shared<TopologyCostModel>(*graph), {"a", "b", "c"}, 1.0);
  instance.set_topology(graph);
  EXPECT_EQ(children_of(schedule_lp_prune(instance, 0).tree),
            children_of(lp_prune_tree(*graph, 0, steady_state_edge_loads(*graph, 0, 1.0), 1.0)));
}

TEST(LpPrune, SchedulerUsesTheSolutionItsInstanceCarriesForItsRoot)
{
  // `hbcast lp` solves the LP once and hands it to the instances. Loads that only this carried
  // solution has (those of FollowsTheLoadsNotTheLinkTimes) give the star 0 -> {1, 2}; from another
  // root the carried solution does not apply and the scheduler solves its own.
  auto graph = std::make_shared<TopologyGraph>(triangle());
  BroadcastInstance instance(std::make_shared<TopologyCostModel>(*graph), {"a", "b", "c"}, 1.0);
  instance.set_topology(graph);
  auto carried = std::make_shared<SteadyStateSolution>();
  carried->edge_loads = {0.5, 0.4, 0.0, 0.1, 0.0, 0.0};
  instance.set_steady_state(carried, 0);
  EXPECT_EQ(children_of(schedule_lp_prune(instance, 0).tree), (std::vector<std::vector<NodeId>>{{1, 2}, {}, {}}));
  EXPECT_EQ(children_of(schedule_lp_prune(instance, 1).tree),
            children_of(lp_prune_tree(*graph, 1, steady_state_edge_loads(*graph, 1, 1.0), 1.0)));
  EXPECT_EQ(steady_state_edge_loads(instance, 0), carried->edge_loads);
}

TEST(LpPrune, SchedulerContract) { check_scheduler_contract("lp-prune", schedule_lp_prune); }

TEST(LpPrune, SpanningArborescenceOfLinksWithTheEvaluatorsPeriod)
{
  check_on_random_graphs(
      [](const TopologyGraph& graph, NodeId source, double slice_bytes) {
        return lp_prune_tree(graph, source, arbitrary_edge_loads(graph), slice_bytes);
      },
      PortModel::one_port);
}

TEST(LpPrune, ReturnsTheTreeOfAGraphThatIsOne)
{
  check_returns_the_tree_of_tree_graphs([](const TopologyGraph& graph, NodeId source, double slice_bytes) {
    return lp_prune_tree(graph, source, arbitrary_edge_loads(graph), slice_bytes);
  });
}
