// pack_port_trees (issue 16, item 3): on a hand-solved shared backbone and on random routed
// clusters, the trees priced against the port and link rows reach the routed program's optimum
// (an independent solver: cut generation over transfers), with and without the target to stop at.
#include <hbcast/model/clustered_link_model.hpp>
#include <hbcast/platform_graph/port_tree_packing.hpp>
#include <hbcast/platform_graph/routed_topology.hpp>

#include "../../tests/support/linked_clusters.hpp"

#include <gtest/gtest.h>

#include <random>
#include <stdexcept>

using namespace hbcast;

namespace {

double routed_optimum(const RoutedTopology& topology, double slice_bytes, PortModel port = PortModel::one_port)
{
  SteadyStateLpOptions options;
  options.shared_links = topology.shared_links;
  options.port = port;
  return solve_steady_state_broadcast(*topology.graph, 0, slice_bytes, options).slices_per_second;
}

// Each tree spans from the root over the graph's arcs; returns the sum of the weights.
double checked_total(const ArborescencePacking& packing, const TopologyGraph& graph)
{
  const auto arcs = graph.links();
  double total = 0.0;
  for (const auto& tree : packing.trees) {
    EXPECT_GT(tree.weight, 0.0);
    EXPECT_EQ(tree.arcs.size(), graph.size() - 1);
    for (std::size_t arc : tree.arcs)
      EXPECT_LT(arc, arcs.size());
    total += tree.weight;
  }
  EXPECT_NEAR(total, packing.total_weight, 1e-12 * total);
  return total;
}

}  // namespace

// Three hosts behind a SHARED 150 B/s backbone with 100 B/s private links (routed_steady_state_test:
// TP = 75 slices of 1 byte per second). Pricing alone, with no target, must find it.
TEST(PortTreePacking, SharedBackboneByHand)
{
  const ClusteredLinkModel routes({test_support::latency_free_cluster(3, 100.0, 150.0)});
  const RoutedTopology topology = build_routed_topology(routes, 0, parse_routed_candidates("all"));
  const auto packing = pack_port_trees(*topology.graph, 0, 1.0, topology.shared_links);
  EXPECT_NEAR(checked_total(packing, *topology.graph), 75.0, 75.0 * 1e-9);
  EXPECT_LE(packing.trees.size(), 2 * 3 + topology.shared_links.size());  // a basic solution
}

TEST(PortTreePacking, RandomClustersReachTheRoutedOptimum)
{
  for (unsigned seed = 1; seed <= 25; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937_64 random(seed);
    std::uniform_real_distribution<double> bandwidth(1e6, 1e8), latency(0.0, 1e-3);
    std::vector<LinkedCluster> clusters(1 + seed % 3);
    for (auto& cluster : clusters) {
      cluster.hosts = 2 + random() % 5;
      cluster.host_bandwidth = bandwidth(random);
      cluster.host_latency = latency(random);
      cluster.backbone_bandwidth = bandwidth(random);
      cluster.backbone_latency = latency(random);
      cluster.backbone_sharing = seed % 2 ? LinkSharing::shared : LinkSharing::fatpipe;
    }
    const ClusteredLinkModel routes(clusters);
    const RoutedTopology topology = build_routed_topology(routes, 0, parse_routed_candidates("all"));
    const double optimum = routed_optimum(topology, 1e6);
    EXPECT_NEAR(checked_total(pack_port_trees(*topology.graph, 0, 1e6, topology.shared_links), *topology.graph),
                optimum, 1e-6 * optimum);
    EXPECT_NEAR(checked_total(pack_port_trees(*topology.graph, 0, 1e6, topology.shared_links, PortModel::one_port,
                                              optimum),
                              *topology.graph),
                optimum, 1e-6 * optimum);
    // Multi-port: the arcs alone and the shared links (ForestColl's model), the same optimum.
    const double multi_port = routed_optimum(topology, 1e6, PortModel::multi_port);
    EXPECT_NEAR(checked_total(pack_port_trees(*topology.graph, 0, 1e6, topology.shared_links, PortModel::multi_port),
                              *topology.graph),
                multi_port, 1e-6 * multi_port);
  }
}

TEST(PortTreePacking, RefusesWhatCannotBePacked)
{
  TopologyGraph one(1);
  EXPECT_THROW(pack_port_trees(one, 0, 1.0, {}), std::invalid_argument);
  TopologyGraph cut(3);
  cut.add_link(0, 1, 0.0, 1.0);
  EXPECT_THROW(pack_port_trees(cut, 0, 1.0, {}), std::invalid_argument);  // host 2 unreachable
  EXPECT_THROW(pack_port_trees(cut, 5, 1.0, {}), std::invalid_argument);
}
