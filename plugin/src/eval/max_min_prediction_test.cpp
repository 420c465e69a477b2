// The max-min fluid model on instances solved by hand (the replay's agreement on random routed
// platforms is plugin/tests/link_pipeline_replay_test.cpp).
#include <hbcast/eval/max_min_prediction.hpp>
#include <hbcast/eval/pipeline_evaluator.hpp>
#include <hbcast/model/link_cost_model.hpp>

#include "../../tests/support/linked_clusters.hpp"
#include "../../tests/support/random_instances.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <map>
#include <memory>
#include <random>
#include <utility>

using namespace hbcast;
using test_support::latency_free_cluster;

namespace max_min_test {

// Routes given link by link: host pairs not listed are unrouted.
class ListedRoutes final : public LinkRouteModel {
public:
  ListedRoutes(std::size_t hosts, std::vector<LinkProperties> links) : hosts_(hosts), links_(std::move(links)) {}
  void add(NodeId from, NodeId to, std::vector<LinkId> route)
  {
    routes_[{from, to}] = std::make_shared<LinkRoute>(make_link_route(std::move(route), links_));
  }
  std::size_t host_count() const override { return hosts_; }
  std::shared_ptr<const LinkRoute> route(NodeId from, NodeId to) const override
  {
    const auto found = routes_.find({from, to});
    if (found != routes_.end())
      return found->second;
    auto unrouted = std::make_shared<LinkRoute>();
    unrouted->latency = std::numeric_limits<double>::infinity();
    return unrouted;
  }
  const LinkProperties& link(LinkId id) const override { return links_.at(id); }

private:
  std::size_t hosts_;
  std::vector<LinkProperties> links_;
  std::map<std::pair<NodeId, NodeId>, std::shared_ptr<const LinkRoute>> routes_;
};

BroadcastTree chain(std::size_t n)
{
  BroadcastTree tree(n, 0);
  for (NodeId u = 0; u + 1 < n; ++u)
    tree.add_child(u, u + 1);
  return tree;
}

BroadcastTree flat(std::size_t n)
{
  BroadcastTree tree(n, 0);
  for (NodeId v = 1; v < n; ++v)
    tree.add_child(0, v);
  return tree;
}

// Host 0 reaches host 1 over A (latency 1 s) and host 2 over B (latency 3 s), both then over S
// (100 B/s); A and B carry 1,000 B/s.
std::shared_ptr<ListedRoutes> two_latencies(LinkSharing s_sharing)
{
  auto routes = std::make_shared<ListedRoutes>(
      3, std::vector<LinkProperties>{{"A", 1000.0, 1.0, LinkSharing::shared},
                                     {"B", 1000.0, 3.0, LinkSharing::shared},
                                     {"S", 100.0, 0.0, s_sharing}});
  routes->add(0, 1, {0, 2});
  routes->add(0, 2, {1, 2});
  return routes;
}

}  // namespace max_min_test

TEST(MaxMinPrediction, ChainSharesTheBackboneHalfAndHalf)
{
  // Chain 0 -> 1 -> 2 on a latency-free cluster behind a SHARED 100 B/s backbone, 4 slices of
  // 100 B (T = 1 alone). Slice 0 crosses alone over [0, 1); from then on 0 -> 1 (slice j + 1)
  // and 1 -> 2 (slice j) share the backbone at 50 B/s each: both end 2 s later, at 3, 5, 7;
  // 1 -> 2 sends slice 3 alone over [7, 8). Makespan 8.
  auto links = std::make_shared<ClusteredLinkModel>(std::vector<LinkedCluster>{latency_free_cluster(3, 100.0, 100.0)});
  const auto prediction = predict_max_min(max_min_test::chain(3), LinkCostModel(links), *links, 100.0, 4, PortModel::one_port);
  EXPECT_DOUBLE_EQ(prediction.makespan, 8.0);
  EXPECT_DOUBLE_EQ(prediction.completion_time[1], 7.0);
  EXPECT_DOUBLE_EQ(prediction.completion_time[2], 8.0);
  EXPECT_EQ(prediction.transfers, 8u);
}

TEST(MaxMinPrediction, MultiPortFlatTreeSharesTheRootsUpLink)
{
  // Multi-port, no send overhead: the root's two sends of each slice start together and share
  // its 100 B/s up link, 50 B/s each: 2 s per slice, the next slice when the edge is free.
  // 4 slices: 8 (the pairwise recurrence says 4).
  auto links = std::make_shared<ClusteredLinkModel>(std::vector<LinkedCluster>{latency_free_cluster(3, 100.0, 1e9)});
  const auto prediction = predict_max_min(max_min_test::flat(3), LinkCostModel(links), *links, 100.0, 4, PortModel::multi_port);
  EXPECT_DOUBLE_EQ(prediction.makespan, 8.0);
  EXPECT_DOUBLE_EQ(prediction.completion_time[1], 8.0);
  // One-port, the same tree never shares: 8 transfers of 1 s.
  const auto one_port = predict_max_min(max_min_test::flat(3), LinkCostModel(links), *links, 100.0, 4, PortModel::one_port);
  EXPECT_DOUBLE_EQ(one_port.makespan, 8.0);
  EXPECT_DOUBLE_EQ(one_port.completion_time[1], 7.0);
}

TEST(MaxMinPrediction, SharedLinkDividedInverselyToRouteLatency)
{
  // Multi-port flat tree, 300 B. 0 -> 1's flow starts taking bandwidth at 1 (its latency), alone
  // on S at 100 B/s until 3, when 0 -> 2's latency ends with 100 B left to 0 -> 1. SimGrid weighs
  // a flow by its route latency: levels 1/1 and 1/3 share S as 75 and 25 B/s; 0 -> 1 ends at
  // 3 + 100/75 = 13/3, having given 0 -> 2 100/3 B; 0 -> 2's last 800/3 B alone at 100 B/s end at
  // 13/3 + 8/3 = 7.
  const auto links = max_min_test::two_latencies(LinkSharing::shared);
  const auto prediction = predict_max_min(max_min_test::flat(3), LinkCostModel(links), *links, 300.0, 1, PortModel::multi_port);
  EXPECT_DOUBLE_EQ(prediction.completion_time[1], 13.0 / 3.0);
  EXPECT_DOUBLE_EQ(prediction.completion_time[2], 7.0);
  EXPECT_DOUBLE_EQ(prediction.makespan, 7.0);
}

TEST(MaxMinPrediction, AFlowEnteringBehindAnotherLeavesItsOtherLinksUnsolved)
{
  // SimGrid's selective update, which the replay follows: links X (latency 1 s) and Y (no
  // latency), 100 B/s each; 0 -> 1 over Y, 0 -> 2 over X, 0 -> 3 over X then Y; one slice of
  // 200 B, multi-port flat tree, all three sent at 0.
  //   [0, 1): 0 -> 1 alone on Y at 100 B/s (no latency); the others pay their latency.
  //   at 1: 0 -> 2 enters the sharing first and brings X into the set of links solved again;
  //         0 -> 3 enters next, but its first link X is in the set already, so Y is not solved
  //         again: 0 -> 2 and 0 -> 3 get 50 B/s each on X, 0 -> 1 keeps 100 B/s on Y (Y carries
  //         150 B/s), and ends at 1 + 100/100 = 2 (max-min sharing of Y would give it 50 B/s, 3).
  //   at 2: 0 -> 1 leaves Y; 0 -> 2 and 0 -> 3 stay at 50 B/s on X: their last 150 B end at 5.
  auto links = std::make_shared<max_min_test::ListedRoutes>(
      4, std::vector<LinkProperties>{{"X", 100.0, 1.0, LinkSharing::shared}, {"Y", 100.0, 0.0, LinkSharing::shared}});
  links->add(0, 1, {1});
  links->add(0, 2, {0});
  links->add(0, 3, {0, 1});
  const auto prediction = predict_max_min(max_min_test::flat(4), LinkCostModel(links), *links, 200.0, 1, PortModel::multi_port);
  EXPECT_DOUBLE_EQ(prediction.completion_time[1], 2.0);
  EXPECT_DOUBLE_EQ(prediction.completion_time[2], 5.0);
  EXPECT_DOUBLE_EQ(prediction.completion_time[3], 5.0);
}

TEST(MaxMinPrediction, FatpipeBoundsTheLevelOfItsFlows)
{
  // S as a FATPIPE: its level is 100 x the smallest latency of its flows, and each flow gets
  // level / latency. Alone, 0 -> 1 runs at 100 B/s over [1, 3); together 0 -> 1 keeps 100 B/s
  // (ends at 4) and 0 -> 2 gets 100 / 3; alone, 0 -> 2 gets 300 / 3 = 100 B/s for its last
  // 300 - 100/3 = 800/3 B: ends at 4 + 8/3 = 20/3.
  const auto links = max_min_test::two_latencies(LinkSharing::fatpipe);
  const auto prediction = predict_max_min(max_min_test::flat(3), LinkCostModel(links), *links, 300.0, 1, PortModel::multi_port);
  EXPECT_DOUBLE_EQ(prediction.completion_time[1], 4.0);
  EXPECT_DOUBLE_EQ(prediction.completion_time[2], 20.0 / 3.0);
}

TEST(MaxMinPrediction, SendStartsAndPacingAreWaited)
{
  // Chain 0 -> 1 -> 2 behind a FATPIPE backbone (no sharing), T = 1, 3 slices; edge 1 -> 2 may
  // not start before 5, slice j not before 5 + 2 j: it sends over [5, 6), [7, 8), [9, 10).
  auto links = std::make_shared<ClusteredLinkModel>(
      std::vector<LinkedCluster>{latency_free_cluster(3, 100.0, 100.0, LinkSharing::fatpipe)});
  BroadcastTree tree = max_min_test::chain(3);
  tree.set_send_start(2, 5.0);
  tree.set_slice_period(2.0);
  const auto prediction = predict_max_min(tree, LinkCostModel(links), *links, 100.0, 3, PortModel::one_port);
  EXPECT_DOUBLE_EQ(prediction.completion_time[1], 3.0);
  EXPECT_DOUBLE_EQ(prediction.makespan, 10.0);
}

TEST(MaxMinPrediction, UnroutedEdgeIsRefused)
{
  const auto links = max_min_test::two_latencies(LinkSharing::shared);
  BroadcastTree tree(3, 1);  // 1 -> 0 is not listed
  tree.add_child(1, 0);
  tree.add_child(1, 2);
  EXPECT_THROW(predict_max_min(tree, LinkCostModel(links), *links, 1.0, 1, PortModel::one_port), std::invalid_argument);
}

TEST(MaxMinPrediction, NeverFasterThanThePairwiseRecurrence)
{
  // Sharing only slows a transfer (its rate stays at most its route's bottleneck), and the
  // dependencies are the recurrence's: every node is served no earlier than evaluate_pipelined
  // says; with no two transfers on a link at once the two are equal (a chain on its own links).
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    std::mt19937_64 random(seed);
    const auto links = test_support::random_linked_clusters(random);
    const auto tree = test_support::random_tree(links->host_count(), random);
    const LinkCostModel costs(links);
    const std::size_t slices = 1 + seed % 6;
    for (auto port : {PortModel::one_port, PortModel::multi_port}) {
      const auto shared = predict_max_min(tree, costs, *links, 1e5, slices, port);
      const auto ports = evaluate_pipelined(tree, costs, 1e5, slices, port);
      for (NodeId node = 0; node < tree.size(); ++node)
        ASSERT_GE(shared.completion_time[node] * (1 + 1e-12), ports.completion_time[node])
            << "seed " << seed << " node " << node << " " << to_string(port);
      ASSERT_EQ(shared.transfers, tree.edge_count() * slices) << "seed " << seed;
    }
  }
}
