// with_link_timed_seeds: the link-aware schedule or a seed tree placed in the link timeline,
// whichever its exact prediction finishes first.
#include <hbcast/sched/link_aware_seeds.hpp>
#include <hbcast/eval/max_min_prediction.hpp>

#include <hbcast/eval/link_prediction.hpp>
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
