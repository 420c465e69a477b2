#include <hbcast/platform_graph/topo_prune_simple.hpp>

#include "topology_heuristics_test_support.hpp"

#include <hbcast/model/random_platform_generator.hpp>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/kruskal_min_spanning_tree.hpp>

#include <set>

using namespace hbcast;
using namespace hbcast::topology_testing;

TEST(TopoPruneSimple, TriangleDropsTheSlowLinksFirst)
{
  // Heaviest first: 0->2 (4; 2 still reached via 1) and 2->0 (4; into the source) go, 1->2 (2) is
  // now 2's only in-link and stays, 2->1 (2) goes, 0->1 (1) stays, 1->0 (1) goes: 0 -> 1 -> 2.
  auto graph = triangle();
  auto tree = topo_prune_simple_tree(graph, 0, 1.0);
  EXPECT_EQ(children_of(tree), (std::vector<std::vector<NodeId>>{{1}, {2}, {}}));
  EXPECT_DOUBLE_EQ(period_of(tree, graph, 1.0, PortModel::one_port), 2.0);
}

TEST(TopoPruneSimple, KeepsTheHeavyStarOfLightLinks)
{
  // Both T = 1.5 chain links go first (2 and 3 stay reachable from 0), leaving the star: period 3
  // where the chain has 1.5. Children in host order: equal link times, lower index first.
  auto graph = fan_with_chain();
  auto tree = topo_prune_simple_tree(graph, 0, 1.0);
  EXPECT_EQ(children_of(tree), (std::vector<std::vector<NodeId>>{{1, 2, 3}, {}, {}, {}}));
  EXPECT_DOUBLE_EQ(period_of(tree, graph, 1.0, PortModel::one_port), 3.0);
  EXPECT_DOUBLE_EQ(best_period_by_enumeration(graph, 0, 1.0, PortModel::one_port), 1.5);
}

TEST(TopoPruneSimple, EqualWeightsRemoveTheLowerLinkIndexFirst)
{
  // Complete 3-node graph, T = 1 everywhere; links in order 0->1, 0->2, 1->0, 1->2, 2->0, 2->1.
  // 0->1 goes (1 reached via 0->2->1), 0->2 is then essential, 1->0 goes, 1->2 goes (2 via 0),
  // 2->0 goes, 2->1 is essential: 0 -> 2 -> 1.
  auto graph = graph_of(3, {{0, 1, 1.0}, {0, 2, 1.0}, {1, 2, 1.0}}, true);
  auto tree = topo_prune_simple_tree(graph, 0, 1.0);
  EXPECT_EQ(children_of(tree), (std::vector<std::vector<NodeId>>{{2}, {}, {1}}));
}

TEST(TopoPruneSimple, ChildrenAreSentToTheFasterLinkFirst)
{
  auto graph = graph_of(4, {{0, 1, 3.0}, {0, 2, 1.0}, {0, 3, 2.0}});
  EXPECT_EQ(topo_prune_simple_tree(graph, 0, 1.0).children(0), (std::vector<NodeId>{2, 3, 1}));
}

TEST(TopoPruneSimple, RejectsAHostUnreachableFromTheSource)
{
  EXPECT_THROW(topo_prune_simple_tree(graph_of(3, {{0, 1, 1.0}, {2, 1, 1.0}}), 0, 1.0), std::invalid_argument);
}

TEST(TopoPruneSimple, SchedulerContract) { check_scheduler_contract("prune-simple", schedule_topo_prune_simple); }

TEST(TopoPruneSimple, SpanningArborescenceOfLinksWithTheEvaluatorsPeriod)
{
  check_on_random_graphs(topo_prune_simple_tree, PortModel::one_port);
}

TEST(TopoPruneSimple, ReturnsTheTreeOfAGraphThatIsOne)
{
  check_returns_the_tree_of_tree_graphs(topo_prune_simple_tree);
}

namespace {

// Kruskal's minimum spanning tree of the undirected platform (each link pair u <-> v once), by Boost.
std::set<std::pair<NodeId, NodeId>> kruskal_edges(const TopologyGraph& graph, double slice_bytes)
{
  using Undirected = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS, boost::no_property,
                                           boost::property<boost::edge_weight_t, double>>;
  Undirected undirected(graph.size());
  for (const auto& [u, v] : graph.links())
    if (u < v)
      boost::add_edge(u, v, graph.link_time(u, v, slice_bytes), undirected);
  std::vector<boost::graph_traits<Undirected>::edge_descriptor> tree_edges;
  boost::kruskal_minimum_spanning_tree(undirected, std::back_inserter(tree_edges));
  std::set<std::pair<NodeId, NodeId>> edges;
  for (const auto& edge : tree_edges)
    edges.emplace(std::min(boost::source(edge, undirected), boost::target(edge, undirected)),
                  std::max(boost::source(edge, undirected), boost::target(edge, undirected)));
  return edges;
}

}  // namespace

// Differential test. On a platform whose links are symmetric (Beaumont-Marchal-Robert's random platforms), pruning
// the heaviest link first while every host stays reachable is reverse-delete, so Algorithm 1 keeps
// exactly the minimum spanning tree (unique: Gaussian link times are distinct), oriented from the
// source. This is why its one-port period grows with the MST's largest out-degree (docs/validation.md, Fig. 4).
TEST(TopoPruneSimple, IsTheMinimumSpanningTreeOnSymmetricRandomPlatforms)
{
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    RandomPlatformParameters parameters;
    parameters.node_count = 5 + seed % 46;
    parameters.density = 0.04 * static_cast<double>(1 + seed % 5);
    parameters.seed = seed;
    const auto graph = TopologyGraph::from_platform_graph(generate_random_platform(parameters));
    const BroadcastTree tree = topo_prune_simple_tree(graph, seed % parameters.node_count, 1e6);
    std::set<std::pair<NodeId, NodeId>> tree_edges;
    for (NodeId parent = 0; parent < tree.size(); ++parent)
      for (NodeId child : tree.children(parent))
        tree_edges.emplace(std::min(parent, child), std::max(parent, child));
    EXPECT_EQ(tree_edges, kruskal_edges(graph, 1e6));
  }
}
