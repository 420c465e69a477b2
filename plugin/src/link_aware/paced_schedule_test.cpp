// Paced link-aware pipelined schedules (pace_under_link_capacity, build_paced_link_greedy_tree, the
// link-fnf, link-ecef and link-binomial schedulers with several slices): the ports' recurrence of
// the paced tree repeats the first slice's timing every period, so its slice timeline never
// over-subscribes a shared link and the prediction with links is exact.
#include <hbcast/core/binomial_tree.hpp>
#include <hbcast/eval/link_prediction.hpp>
#include <hbcast/eval/pipeline_evaluator.hpp>
#include <hbcast/link_aware/link_aware_schedule.hpp>
#include <hbcast/link_aware/link_retiming.hpp>
#include <hbcast/link_aware/paced_search.hpp>
#include <hbcast/model/link_cost_model.hpp>
#include <hbcast/model/platform_graph.hpp>
#include <hbcast/sched/scheduler_registry.hpp>

#include "../../tests/support/linked_clusters.hpp"
#include "../../tests/support/random_instances.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <random>

using namespace hbcast;
using test_support::latency_free_cluster;

TEST(PacedSchedule, ABinomialTreeOnAFullBackboneTakesTurns)
{
  // 4 hosts, 100 B slices over 100 B/s links (T = 1 s), a SHARED backbone of 100 B/s: one transfer
  // at a time, so one slice needs three backbone seconds; at P = 3 the binomial tree
  // 0 -> {2, 1}, 2 -> 3 places 0 -> 2 over [0, 1), 0 -> 1 over [1, 2), 2 -> 3 over [2, 3): the
  // circle is full and slice j runs over [3 j, 3 j + 3). Makespan 3 + (K - 1) 3 = 3 K. At P = 2
  // the third transfer fits no residue.
  const auto links = std::make_shared<ClusteredLinkModel>(std::vector<LinkedCluster>{latency_free_cluster(4, 100, 100)});
  const LinkCostModel costs(links);
  const BroadcastTree binomial = binomial_tree(4, 0);
  EXPECT_FALSE(pace_under_link_capacity(binomial, *links, costs, 100, PortModel::one_port, 2.0));
  const auto paced = pace_under_link_capacity(binomial, *links, costs, 100, PortModel::one_port, 3.0);
  ASSERT_TRUE(paced);
  EXPECT_DOUBLE_EQ(paced->slice_period(), 3.0);
  EXPECT_DOUBLE_EQ(*paced->send_start(2), 0.0);
  EXPECT_DOUBLE_EQ(*paced->send_start(1), 1.0);
  EXPECT_DOUBLE_EQ(*paced->send_start(3), 2.0);
  const auto prediction = predict_with_links(*paced, costs, *links, 100, 5, PortModel::one_port);
  EXPECT_TRUE(prediction.exact);
  EXPECT_DOUBLE_EQ(prediction.makespan, 15.0);
  EXPECT_DOUBLE_EQ(paced_makespan(*paced, costs, 100, 5), 15.0);
}

TEST(PacedSchedule, AOnePortSenderFitsItsSendsInOnePeriod)
{
  // Crossbar-like (FATPIPE backbone): the root's two sends of 1 s need a window of 2 s; at P = 1.5
  // the flat tree cannot be paced, at 2 it can.
  const auto links = std::make_shared<ClusteredLinkModel>(
      std::vector<LinkedCluster>{latency_free_cluster(3, 100, 100, LinkSharing::fatpipe)});
  const LinkCostModel costs(links);
  BroadcastTree flat(3, 0);
  flat.add_child(0, 1);
  flat.add_child(0, 2);
  EXPECT_FALSE(pace_under_link_capacity(flat, *links, costs, 100, PortModel::one_port, 1.5));
  EXPECT_TRUE(pace_under_link_capacity(flat, *links, costs, 100, PortModel::one_port, 2.0));
}

// Property: on random multi-cluster platforms, any tree paced at any period that fits, and the
// link-aware schedulers' trees, are exact (no over-subscribed link in the slice timeline) and the
// ports' recurrence ends at paced_makespan.
TEST(PacedSchedule, PacedTreesAreExactOnRandomClusters)
{
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    std::mt19937_64 random(seed);
    const auto links = test_support::random_linked_clusters(random);
    const std::size_t n = links->host_count();
    if (n < 2)
      continue;
    const std::size_t slices = 2 + seed % 30;
    const double slice_bytes = 1e4 * static_cast<double>(1 + seed % 50);
    for (auto port : {PortModel::one_port, PortModel::multi_port}) {
      BroadcastInstance instance(std::make_shared<LinkCostModel>(links), numbered_host_names(n), slice_bytes,
                                 port);
      instance.set_links(links);
      instance.set_slices(slices);
      const auto costs = link_aware_costs(instance, "test");
      const NodeId root = random() % n;
      std::vector<BroadcastTree> trees;
      for (const char* name : {"link-fnf", "link-ecef", "link-binomial"})
        trees.push_back(run_scheduler(*find_scheduler(name), instance, root).tree);
      const BroadcastTree random_tree = test_support::random_tree(n, random);
      for (double factor : {1.0, 1.5, 3.0})
        if (auto paced = pace_under_link_capacity(random_tree, *links, *costs, slice_bytes, port,
                                                  factor * std::max(steady_state_period(random_tree, *costs, slice_bytes, port),
                                                                    link_period(random_tree, *links, slice_bytes))))
          trees.push_back(std::move(*paced));
      for (const auto& tree : trees) {
        const auto prediction = predict_with_links(tree, *costs, *links, slice_bytes, slices, port);
        ASSERT_TRUE(prediction.exact) << "seed " << seed << " " << to_string(port) << ": "
                                      << prediction.contention.links.front().name;
        if (!tree.has_send_starts())
          continue;  // a seed tree left to contend (link_aware_seeds): exact by its max-min prediction
        ASSERT_FALSE(prediction.max_min) << "seed " << seed;
        ASSERT_NEAR(prediction.makespan, paced_makespan(tree, *costs, slice_bytes, slices), 1e-9 * prediction.makespan)
            << "seed " << seed;
        ASSERT_GE(tree.slice_period() * (1 + 1e-12), prediction.period) << "seed " << seed;
      }
    }
  }
}
