// AnyTreeBound by hand, and against random trees' ports_lower_bound.
#include <hbcast/eval/any_tree_bound.hpp>

#include <hbcast/eval/link_prediction.hpp>
#include <hbcast/model/link_cost_model.hpp>

#include "../../tests/support/linked_clusters.hpp"
#include "../../tests/support/random_instances.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <vector>

using namespace hbcast;

// Three hosts on 100 B/s host links, no latency: every tree's node but the root receives each
// slice of 100 bytes over some edge, 1 s a slice, one slice at a time; 4 slices: (4 - 1) x 1 s.
TEST(AnyTreeBound, EachNodeReceivesEverySliceOverOneEdge)
{
  const auto links = std::make_shared<ClusteredLinkModel>(
      std::vector<LinkedCluster>{test_support::latency_free_cluster(3, 100.0, 300.0)});
  const AnyTreeBound bound(LinkCostModel(links), 0);
  EXPECT_DOUBLE_EQ(bound.at(100.0, 4), 3.0);
  EXPECT_DOUBLE_EQ(bound.at(100.0, 1), 0.0);
  EXPECT_DOUBLE_EQ(bound.at(50.0, 9), 4.0);
}

// On random routed platforms, any random tree's ports_lower_bound is at least the bound, under
// both port models and at several slice counts.
TEST(AnyTreeBound, NeverAboveATreesPortsBoundOnRandomPlatforms)
{
  std::size_t positive = 0;
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    std::mt19937_64 random(seed);
    const auto links = test_support::random_linked_clusters(random);
    const LinkCostModel costs(links);
    const BroadcastTree tree = test_support::random_tree(links->host_count(), random);
    const AnyTreeBound bound(costs, tree.root());
    for (PortModel port : {PortModel::one_port, PortModel::multi_port})
      for (std::size_t slices : {1, 2, 5, 64}) {
        const double slice_bytes = 4e6 / static_cast<double>(slices);
        const double any = bound.at(slice_bytes, slices);
        EXPECT_LE(any, ports_lower_bound(tree, costs, slice_bytes, slices, port) * (1 + 1e-12))
            << "seed " << seed << ", K " << slices;
        positive += any > 0.0 ? 1 : 0;
      }
  }
  EXPECT_GT(positive, 1000u);
}
