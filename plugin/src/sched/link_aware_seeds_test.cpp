// with_link_timed_seeds: the link-aware schedule or a seed tree placed in the link timeline,
// whichever its exact prediction finishes first.
#include <hbcast/sched/link_aware_seeds.hpp>
#include <hbcast/eval/max_min_prediction.hpp>

#include <hbcast/eval/link_prediction.hpp>
#include <hbcast/eval/pipeline_evaluator.hpp>
#include <hbcast/link_aware/link_aware_schedule.hpp>
#include <hbcast/model/link_cost_model.hpp>
#include <hbcast/model/platform_graph.hpp>
#include <hbcast/sched/binomial.hpp>
#include <hbcast/sched/flat.hpp>
#include <hbcast/sched/scheduler_registry.hpp>
#include <hbcast/sender_only/fnf.hpp>

#include "../../tests/support/linked_clusters.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <random>

using namespace hbcast;

namespace {

BroadcastTree seed_test_chain(std::size_t n)
{
  BroadcastTree tree(n, 0);
  for (NodeId u = 0; u + 1 < n; ++u)
    tree.add_child(u, u + 1);
  return tree;
}

}  // namespace

// 8 hosts behind a FATPIPE backbone, 100 B over 100 B/s host links (T = 1 s), one slice, one-port:
// a chain takes 7 s; the binomial seed (and FNF's tree) informs 1, 2, 4 then 8 hosts in 3 rounds,
// 3 s, and replaces it. Nothing is shared, so the chosen tree is exact.
TEST(LinkAwareSeeds, ABinomialSeedReplacesASlowerTree)
{
  const auto links = std::make_shared<ClusteredLinkModel>(
      std::vector<LinkedCluster>{test_support::latency_free_cluster(8, 100.0, 100.0, LinkSharing::fatpipe)});
  BroadcastInstance instance(std::make_shared<LinkCostModel>(links), numbered_host_names(8), 100.0);
  instance.set_links(links);
  ScheduleResult slow = link_aware_result(link_timed(seed_test_chain(8), instance, 0, "test"), instance, "test");
  EXPECT_DOUBLE_EQ(link_timed_makespan(slow.tree, instance, "test"), 7.0);
  const ScheduleResult chosen = with_link_timed_seeds(slow, instance, 0, "test");
  EXPECT_DOUBLE_EQ(link_timed_makespan(chosen.tree, instance, "test"), 3.0);
  EXPECT_TRUE(chosen.tree.has_send_starts());
  const auto prediction = predict_with_links(chosen.tree, LinkCostModel(links), *links, 100.0, 1, PortModel::one_port);
  EXPECT_TRUE(prediction.exact);
  EXPECT_DOUBLE_EQ(prediction.makespan, 3.0);
}

// 4 hosts behind a SHARED backbone of one host link's bandwidth (100 B/s, no latency), 100 B, one
// slice, one-port. The binomial seed placed in the link timeline: 0->1 in [0, 1], then 0->2 in
// [1, 2] and 1->3 in [2, 3] (the backbone carries one at a time): 3 s. Left to contend, its second
// round shares the backbone, 50 B/s each, and ends at 3 s too. Its lower bound is the backbone's 3
// crossings x 100 B / 100 B/s = 3 s (its ports alone: 2 s), no less than the placed tree's 3 s:
// the contending form cannot win and needs no fluid run.
TEST(LinkAwareSeeds, LowerBoundPrunesAContendingSeed)
{
  const auto links = test_support::four_latency_free_hosts(100.0);
  const LinkCostModel costs(links);
  BroadcastInstance instance(std::make_shared<LinkCostModel>(links), numbered_host_names(4), 100.0);
  instance.set_links(links);
  const BroadcastTree binomial = schedule_binomial(instance, 0).tree;
  EXPECT_DOUBLE_EQ(evaluate_pipelined(binomial, costs, 100.0, 1, PortModel::one_port).makespan, 2.0);
  const double bound = contending_lower_bound(binomial, costs, *links, 100.0, 1, PortModel::one_port);
  EXPECT_DOUBLE_EQ(bound, 3.0);
  EXPECT_DOUBLE_EQ(link_timed_makespan(link_timed(binomial, instance, 0, "test"), instance, "test"), 3.0);
  EXPECT_DOUBLE_EQ(predict_max_min(binomial, costs, *links, 100.0, 1, PortModel::one_port).makespan, 3.0);
  // Twice the backbone: the second round runs at 100 B/s each, 2 s; the bound falls to the ports'.
  const auto wide = test_support::four_latency_free_hosts(200.0);
  EXPECT_DOUBLE_EQ(contending_lower_bound(binomial, LinkCostModel(wide), *wide, 100.0, 1, PortModel::one_port), 2.0);
}

// Property: on random multi-cluster platforms, every seed's contending lower bound is at most its
// max-min prediction (so pruning by it never drops a seed that would win), for K from 1 to 24.
TEST(LinkAwareSeeds, ContendingLowerBoundNeverAboveTheMaxMinPrediction)
{
  for (std::uint64_t seed = 101; seed <= 130; ++seed) {
    std::mt19937_64 random(seed);
    const auto links = test_support::random_linked_clusters(random);
    const std::size_t n = links->host_count();
    if (n < 3)
      continue;
    const PortModel port = seed % 2 == 0 ? PortModel::one_port : PortModel::multi_port;
    BroadcastInstance instance(std::make_shared<LinkCostModel>(links), numbered_host_names(n), 1e5, port);
    instance.set_links(links);
    const NodeId root = random() % n;
    const LinkCostModel costs(links);
    for (const auto& shape :
         {schedule_flat(instance, root).tree, schedule_binomial(instance, root).tree, schedule_fnf(instance, root).tree})
      for (std::size_t slices : {1, 2, 5, 24}) {
        const double slice_bytes = 1e6 / static_cast<double>(slices);
        EXPECT_LE(contending_lower_bound(shape, costs, *links, slice_bytes, slices, port),
                  predict_max_min(shape, costs, *links, slice_bytes, slices, port).makespan * (1 + 1e-12))
            << "seed " << seed << " K " << slices;
      }
  }
}

// Property: on random multi-cluster platforms, atomic and pipelined, both port models, link-fnf and
// link-ecef finish no later than every seed placed in the link timeline and every seed left to
// contend (its max-min prediction), and their prediction with the links is exact.
TEST(LinkAwareSeeds, NoSeedPlacedOrContendingBeatsTheLinkAwareSchedulers)
{
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    std::mt19937_64 random(seed);
    const auto links = test_support::random_linked_clusters(random);
    const std::size_t n = links->host_count();
    if (n < 3)
      continue;
    const std::size_t slices = seed % 3 == 0 ? 1 : 2 + seed % 20;
    const double slice_bytes = 1e4 * static_cast<double>(1 + seed % 50);
    for (auto port : {PortModel::one_port, PortModel::multi_port}) {
      BroadcastInstance instance(std::make_shared<LinkCostModel>(links), numbered_host_names(n), slice_bytes, port);
      instance.set_links(links);
      instance.set_slices(slices);
      const NodeId root = random() % n;
      std::vector<BroadcastTree> seeds = {schedule_flat(instance, root).tree, schedule_binomial(instance, root).tree,
                                          schedule_fnf(instance, root).tree};
      for (const char* name : {"link-fnf", "link-ecef"}) {
        const BroadcastTree tree = run_scheduler(*find_scheduler(name), instance, root).tree;
        const auto costs = link_aware_costs(instance, name);
        const auto prediction = predict_with_links(tree, *costs, *links, slice_bytes, slices, port);
        EXPECT_TRUE(prediction.exact) << "seed " << seed << " " << name;
        const double makespan = prediction.makespan;
        if (tree.has_send_starts()) {  // placed (a seed left to contend has none)
          EXPECT_NEAR(link_timed_makespan(tree, instance, name), makespan, 1e-9 * makespan) << "seed " << seed;
        }
        for (const auto& shape : seeds) {
          EXPECT_LE(makespan, link_timed_makespan(link_timed(shape, instance, root, name), instance, name) * (1 + 1e-12))
              << "seed " << seed << " " << name << " " << to_string(port) << " K " << slices;
          EXPECT_LE(makespan, predict_max_min(shape, *costs, *links, slice_bytes, slices, port).makespan * (1 + 1e-12))
              << "seed " << seed << " " << name << " " << to_string(port) << " K " << slices << " (contending)";
        }
      }
    }
  }
}
