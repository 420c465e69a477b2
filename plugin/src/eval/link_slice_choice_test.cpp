// choose_slice_count_with_links against every K on small instances, and with trees rebuilt per K.
#include <hbcast/eval/link_slice_choice.hpp>

#include <hbcast/eval/link_prediction.hpp>
#include <hbcast/eval/pipeline_evaluator.hpp>
#include <hbcast/model/link_cost_model.hpp>

#include "../../tests/support/linked_clusters.hpp"
#include "../../tests/support/random_instances.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <random>
#include <utility>
#include <vector>

using namespace hbcast;

namespace {

BroadcastTree slice_test_chain(std::size_t n)
{
  BroadcastTree tree(n, 0);
  for (NodeId u = 0; u + 1 < n; ++u)
    tree.add_child(u, u + 1);
  return tree;
}

double predicted(const BroadcastTree& tree, const std::shared_ptr<const LinkRouteModel>& links, double message,
                 std::size_t slices, PortModel port)
{
  // As the search ranks: the estimate where a link is over-subscribed.
  return predict_with_links(tree, LinkCostModel(links), *links, slice_size(message, slices), slices, port, false)
      .makespan;
}

}  // namespace

// A chain of P = 4 hosts behind a FATPIPE backbone shares no link: the prediction is the pipelined
// recurrence (P + K - 2) x (L + S / (K b)), convex in K, so the choice is the smallest over every K.
TEST(LinkSliceChoice, FatpipeChainIsTheSmallestOverEveryCount)
{
  LinkedCluster cluster = test_support::latency_free_cluster(4, 1e8, 1e8, LinkSharing::fatpipe);
  cluster.host_latency = 1e-4;
  const auto links = std::make_shared<ClusteredLinkModel>(std::vector<LinkedCluster>{cluster});
  const BroadcastTree tree = slice_test_chain(4);
  const double message = 64e6;
  const std::size_t bound = 512;
  std::size_t best_k = 0;
  double best = INFINITY;
  for (std::size_t k = 1; k <= bound; ++k) {
    const double makespan = predicted(tree, links, message, k, PortModel::one_port);
    if (makespan < best) {
      best = makespan;
      best_k = k;
    }
  }
  const auto choice = choose_slice_count_with_links([&](std::size_t) -> const BroadcastTree& { return tree; },
                                                    LinkCostModel(links), *links, message, bound,
                                                    PortModel::one_port);
  EXPECT_EQ(choice.slices, best_k);
  EXPECT_DOUBLE_EQ(choice.prediction.makespan, best);
  EXPECT_TRUE(choice.exact);
  EXPECT_LT(choice.evaluated, 40u);
}

// The tree asked for K is the one predicted at K: here a flat tree for K <= 4 and a chain from 5
// slices on, behind a FATPIPE backbone (no link shared; T = 800 B / K / 100 B/s). Flat, one-port:
// 2K transfers of T in a row, 16 s for any K; chain: (K + 1) T = 8 + 8 / K, 9 s at the bound 8.
TEST(LinkSliceChoice, PredictsTheTreeBuiltForEachCount)
{
  const auto links = std::make_shared<ClusteredLinkModel>(
      std::vector<LinkedCluster>{test_support::latency_free_cluster(3, 100.0, 100.0, LinkSharing::fatpipe)});
  BroadcastTree flat(3, 0);
  flat.add_child(0, 1);
  flat.add_child(0, 2);
  const BroadcastTree line = slice_test_chain(3);
  std::map<std::size_t, int> asked;
  const auto tree_for = [&](std::size_t k) -> const BroadcastTree& {
    ++asked[k];
    return k <= 4 ? flat : line;
  };
  const auto choice =
      choose_slice_count_with_links(tree_for, LinkCostModel(links), *links, 800.0, 8, PortModel::one_port, 3);
  for (const auto& [k, count] : asked)
    EXPECT_EQ(count, 1) << "K " << k << " predicted once";
  EXPECT_EQ(asked.count(3), 1u);  // the hint
  EXPECT_EQ(choice.slices, 8u);
  EXPECT_DOUBLE_EQ(choice.prediction.makespan, 9.0);
  EXPECT_DOUBLE_EQ(choice.prediction.period, 1.0);
  EXPECT_DOUBLE_EQ(choice.prediction.fill, 2.0);
  EXPECT_TRUE(choice.exact);
  EXPECT_DOUBLE_EQ(predicted(flat, links, 800.0, 4, PortModel::one_port), 16.0);
}

// Random routed platforms and trees, both port models: the choice is never beaten by a power of
// two, the bound or the hint, and a neighbour of it never predicts faster.
TEST(LinkSliceChoice, NoCountTriedOrNeighbourBeatsTheChoiceOnRandomPlatforms)
{
  std::mt19937_64 random(2029);
  for (int trial = 0; trial < 40; ++trial) {
    const auto seed = random();
    std::mt19937_64 instance_random(seed);
    const auto links = test_support::random_linked_clusters(instance_random);
    const BroadcastTree tree = test_support::random_tree(links->host_count(), instance_random);
    const PortModel port = trial % 2 == 0 ? PortModel::one_port : PortModel::multi_port;
    const double message = 4e6;
    const std::size_t bound = 64, hint = 1 + seed % bound;
    // The estimate's search alone (no max-min refinement), as `predicted` ranks.
    const auto choice = choose_slice_count_with_links([&](std::size_t) -> const BroadcastTree& { return tree; },
                                                      LinkCostModel(links), *links, message, bound, port, hint,
                                                      false);
    for (std::size_t k : {std::size_t{1}, std::size_t{2}, std::size_t{4}, std::size_t{8}, std::size_t{16},
                          std::size_t{32}, bound, hint, std::max<std::size_t>(choice.slices, 2) - 1,
                          std::min(choice.slices + 1, bound)})
      EXPECT_LE(choice.prediction.makespan, predicted(tree, links, message, k, port) * (1 + 1e-12))
          << "seed " << seed << ", K " << k << " against the choice " << choice.slices;
  }
}

// A flat tree of 3 hosts (200 B/s host links) behind a SHARED backbone of 100 B/s, no latency,
// 800 bytes: both edges cross the backbone, so every schedule needs 2 x 800 / 100 = 16 s on it
// (the root's up-link 2 x 800 / 200 = 8 s, each edge alone 800 / 100 = 8 s). Multi-port, atomic,
// the two transfers share it half and half and end together at 16 s: the bound is met.
TEST(LinkLowerBound, TwoCrossingsOfASharedBackbone)
{
  const auto links = std::make_shared<ClusteredLinkModel>(
      std::vector<LinkedCluster>{test_support::latency_free_cluster(3, 200.0, 100.0)});
  BroadcastTree flat(3, 0);
  flat.add_child(0, 1);
  flat.add_child(0, 2);
  const LinkCostModel costs(links);
  EXPECT_DOUBLE_EQ(link_lower_bound(flat, costs, *links, 800.0), 16.0);
  EXPECT_DOUBLE_EQ(predict_with_links(flat, costs, *links, 800.0, 1, PortModel::multi_port).makespan, 16.0);
  // A FATPIPE backbone bounds each flow alone: the edges' own 8 s.
  const auto fatpipe = std::make_shared<ClusteredLinkModel>(
      std::vector<LinkedCluster>{test_support::latency_free_cluster(3, 200.0, 100.0, LinkSharing::fatpipe)});
  EXPECT_DOUBLE_EQ(link_lower_bound(flat, LinkCostModel(fatpipe), *fatpipe, 800.0), 8.0);
}

// Random routed platforms and trees, both port models: the max-min prediction at every K from 1
// to 32 is never below link_lower_bound (the bound is what lets `best` drop a contending tree
// without its fluid runs).
TEST(LinkLowerBound, NeverAboveTheMaxMinPredictionOnRandomPlatforms)
{
  std::mt19937_64 random(2031);
  for (int trial = 0; trial < 30; ++trial) {
    const auto seed = random();
    std::mt19937_64 instance_random(seed);
    const auto links = test_support::random_linked_clusters(instance_random);
    const BroadcastTree tree = test_support::random_tree(links->host_count(), instance_random);
    const PortModel port = trial % 2 == 0 ? PortModel::one_port : PortModel::multi_port;
    const LinkCostModel costs(links);
    const double message = 4e6;
    const double bound = link_lower_bound(tree, costs, *links, message);
    for (std::size_t k = 1; k <= 32; ++k)
      EXPECT_GE(predict_with_links(tree, costs, *links, slice_size(message, k), k, port).makespan,
                bound * (1 - 1e-12))
          << "seed " << seed << ", K " << k;
  }
}

// Random routed platforms and trees: where the estimate's choice over-subscribes a link, the
// refined count is ranked by the max-min prediction (its figure is predict_with_links' at that
// count), it is no slower than the estimate's count nor than K = 1, and within 10% of the best of
// every count from 1 to 32: a local search within its budget of fluid runs, where the makespan in
// K is not always convex (3.7% at worst on these 37 contending trees).
TEST(LinkSliceChoice, ContendingChoiceIsRefinedByTheMaxMinPrediction)
{
  std::mt19937_64 random(2030);
  int contending = 0;
  double worst = 1.0;
  for (int trial = 0; trial < 40; ++trial) {
    const auto seed = random();
    std::mt19937_64 instance_random(seed);
    const auto links = test_support::random_linked_clusters(instance_random);
    const BroadcastTree tree = test_support::random_tree(links->host_count(), instance_random);
    const PortModel port = trial % 2 == 0 ? PortModel::one_port : PortModel::multi_port;
    const LinkCostModel costs(links);
    const double message = 4e6;
    const std::size_t bound = 32;
    const auto same_tree = [&](std::size_t) -> const BroadcastTree& { return tree; };
    const auto estimated = choose_slice_count_with_links(same_tree, costs, *links, message, bound, port, 1, false);
    const auto refined = choose_slice_count_with_links(same_tree, costs, *links, message, bound, port, 1);
    const auto exact_at = [&](std::size_t k) {
      return predict_with_links(tree, costs, *links, slice_size(message, k), k, port).makespan;
    };
    if (estimated.exact) {
      EXPECT_EQ(refined.slices, estimated.slices) << "seed " << seed;
      EXPECT_EQ(refined.max_min_evaluated, 0u) << "seed " << seed;
      continue;
    }
    ++contending;
    EXPECT_TRUE(refined.exact) << "seed " << seed;
    EXPECT_GT(refined.max_min_evaluated, 0u) << "seed " << seed;
    EXPECT_LE(refined.max_min_evaluated, 25u) << "seed " << seed;
    EXPECT_DOUBLE_EQ(refined.prediction.makespan, exact_at(refined.slices)) << "seed " << seed;
    EXPECT_LE(refined.prediction.makespan, exact_at(estimated.slices)) << "seed " << seed;
    EXPECT_LE(refined.prediction.makespan, exact_at(1)) << "seed " << seed;
    double every = INFINITY;
    std::size_t every_k = 0;
    for (std::size_t k = 1; k <= bound; ++k)
      if (const double makespan = exact_at(k); makespan < every) {
        every = makespan;
        every_k = k;
      }
    worst = std::max(worst, refined.prediction.makespan / every);
    EXPECT_LE(refined.prediction.makespan, every * 1.10)
        << "seed " << seed << ": K " << refined.slices << " against the best, K " << every_k;
  }
  EXPECT_GT(contending, 5);
  std::printf("refined / best of every count: at most %.6f over %d contending trees\n", worst, contending);
}

// Trees rebuilt per count (a random tree for each K): with trees_vary the search builds fewer
// trees and finds the same count and prediction.
TEST(LinkSliceChoice, SkippingTreesNoTreeCanUseKeepsTheChoice)
{
  std::size_t spared = 0;
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    std::mt19937_64 random(seed);
    const auto links = test_support::random_linked_clusters(random);
    const PortModel port = seed % 2 == 0 ? PortModel::one_port : PortModel::multi_port;
    const NodeId root = static_cast<NodeId>(random() % links->host_count());
    std::map<std::size_t, BroadcastTree> trees;
    std::size_t built = 0;
    const auto tree_for = [&](std::size_t k) -> const BroadcastTree& {
      ++built;
      auto found = trees.find(k);
      if (found == trees.end()) {
        std::mt19937_64 tree_random(seed * 7919 + k);
        found = trees.emplace(k, test_support::random_tree_from(links->host_count(), root, tree_random)).first;
      }
      return found->second;
    };
    const LinkCostModel costs(links);
    const auto every = choose_slice_count_with_links(tree_for, costs, *links, 4e6, 1024, port, 1, false, false);
    const std::size_t built_every = std::exchange(built, 0);
    const auto skipping = choose_slice_count_with_links(tree_for, costs, *links, 4e6, 1024, port, 1, false, true);
    EXPECT_EQ(skipping.slices, every.slices) << "seed " << seed;
    EXPECT_EQ(skipping.prediction.makespan, every.prediction.makespan) << "seed " << seed;
    EXPECT_LE(built, built_every) << "seed " << seed;
    spared += built_every - built;
  }
  EXPECT_GT(spared, 60u);
}
