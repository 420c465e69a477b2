#include <hbcast/platform_graph/multiport_prune_degree.hpp>
#include <hbcast/platform_graph/topo_prune_degree.hpp>

#include "topology_heuristics_test_support.hpp"

using namespace hbcast;
using namespace hbcast::topology_testing;

TEST(MultiportPruneDegree, OverlappingSendsKeepTheStar)
{
  // 0 -> 1, 2, 3 at T = 1; 1 -> 2 -> 3 at T = 1.5; send_u = 0.1. Multi-port load
  // max(children * send_u, max T): 0: max(0.3, 1) = 1, 1: 1.5, 2: 1.5. Node 1 first (tie, lower
  // index): 1->2 goes (2 via 0), 1 drops to 0. Node 2: 2->3 goes (3 via 0). The star: period 1,
  // the optimum; one-port degree pruning keeps the chain (multi-port period 1.5).
  auto graph = with_send_overheads(fan_with_chain(), {0.1, 0.1, 0.1, 0.1});
  auto tree = multiport_prune_degree_tree(graph, 0, 1.0);
  EXPECT_EQ(children_of(tree), (std::vector<std::vector<NodeId>>{{1, 2, 3}, {}, {}, {}}));
  EXPECT_DOUBLE_EQ(period_of(tree, graph, 1.0, PortModel::multi_port), 1.0);
  EXPECT_DOUBLE_EQ(period_of(topo_prune_degree_tree(graph, 0, 1.0), graph, 1.0, PortModel::multi_port), 1.5);
}

TEST(MultiportPruneDegree, SerializedSendOverheadPrunesTheBusySource)
{
  // 0 -> 1, 2, 3 at T = 1; 1 -> 2, 3 at T = 1.2; send_0 = 0.8, send_1 = 0.1. Loads: 0:
  // max(3 * 0.8, 1) = 2.4, 1: max(0.2, 1.2) = 1.2. Node 0: 0->1 is 1's only in-link; 0->2 goes
  // (2 via 1), 0 drops to 1.6, still the heaviest; 0->3 goes. Left 0 -> 1 -> {2, 3}: period 1.2,
  // the optimum.
  auto graph = with_send_overheads(graph_of(4, {{0, 1, 1.0}, {0, 2, 1.0}, {0, 3, 1.0}, {1, 2, 1.2}, {1, 3, 1.2}}),
                                   {0.8, 0.1, 0.0, 0.0});
  auto tree = multiport_prune_degree_tree(graph, 0, 1.0);
  EXPECT_EQ(children_of(tree), (std::vector<std::vector<NodeId>>{{1}, {2, 3}, {}, {}}));
  EXPECT_DOUBLE_EQ(period_of(tree, graph, 1.0, PortModel::multi_port), 1.2);
}

TEST(MultiportPruneDegree, RejectsAHostUnreachableFromTheSource)
{
  EXPECT_THROW(multiport_prune_degree_tree(graph_of(3, {{0, 1, 1.0}}), 0, 1.0), std::invalid_argument);
}

TEST(MultiportPruneDegree, SchedulerContract)
{
  check_scheduler_contract("multiport-prune-degree", schedule_multiport_prune_degree);
}

TEST(MultiportPruneDegree, SpanningArborescenceOfLinksWithTheEvaluatorsPeriod)
{
  check_on_random_graphs(multiport_prune_degree_tree, PortModel::multi_port);
}

TEST(MultiportPruneDegree, ReturnsTheTreeOfAGraphThatIsOne)
{
  check_returns_the_tree_of_tree_graphs(multiport_prune_degree_tree);
}
