#include <hbcast/core/tree_validation.hpp>
#include <hbcast/eval/atomic_evaluator.hpp>
#include <hbcast/eval/contention_analysis.hpp>
#include <hbcast/link_aware/link_ecef.hpp>
#include <hbcast/link_aware/link_fnf.hpp>
#include <hbcast/model/clustered_link_model.hpp>
#include <hbcast/model/link_cost_model.hpp>
#include <hbcast/sched/scheduler_registry.hpp>

#include <gtest/gtest.h>

#include "../../tests/support/linked_clusters.hpp"

#include <memory>
#include <random>
#include <string>

using namespace hbcast;

namespace {

std::unique_ptr<BroadcastInstance> instance_on(std::shared_ptr<const LinkRouteModel> links, double bytes,
                                               PortModel port)
{
  std::vector<std::string> names;
  for (std::size_t k = 0; k < links->host_count(); ++k)
    names.push_back("h" + std::to_string(k));
  auto instance = std::make_unique<BroadcastInstance>(std::make_shared<LinkCostModel>(links), names, bytes, port);
  instance->set_links(std::move(links));
  return instance;
}


}  // namespace

TEST(LinkFnf, ABackboneOfOneFlowSerializesTheBroadcast)
{
  // Every transfer crosses the backbone, which carries one at a time: 0 -> 1, 2, 3 at 0, 1, 2.
  auto links = test_support::four_latency_free_hosts(100);
  const auto result = schedule_link_fnf(*instance_on(links, 100, PortModel::one_port), 0);
  EXPECT_EQ(result.tree.children(0), (std::vector<NodeId>{1, 2, 3}));
  EXPECT_EQ(result.tree.send_start(3), 2.0);
  EXPECT_DOUBLE_EQ(evaluate_atomic(result.tree, LinkCostModel(links), 100, PortModel::one_port).makespan, 3.0);
}

TEST(LinkFnf, ABackboneOfTwoFlowsLetsTwoRun)
{
  // After 0 -> 1, the backbone carries 0 -> 2 and 1 -> 3 together: done at 2, as plain FNF.
  auto links = test_support::four_latency_free_hosts(200);
  const auto result = schedule_link_fnf(*instance_on(links, 100, PortModel::one_port), 0);
  EXPECT_EQ(result.tree.children(0), (std::vector<NodeId>{1, 2}));
  EXPECT_EQ(result.tree.children(1), (std::vector<NodeId>{3}));
  EXPECT_DOUBLE_EQ(evaluate_atomic(result.tree, LinkCostModel(links), 100, PortModel::one_port).makespan, 2.0);
}

TEST(LinkFnf, NeedsTheLinks)
{
  auto links = test_support::four_latency_free_hosts(200);
  BroadcastInstance instance(std::make_shared<LinkCostModel>(links), {"a", "b", "c", "d"}, 100);
  EXPECT_THROW(
      {
        try {
          schedule_link_fnf(instance, 0);
        } catch (const std::invalid_argument& error) {
          EXPECT_STREQ(error.what(),
                       "link-fnf needs the platform's links and routes, which this instance does not provide");
          throw;
        }
      },
      std::invalid_argument);
  EXPECT_TRUE(find_scheduler("link-fnf")->needs_links);
  EXPECT_TRUE(find_scheduler("link-ecef")->needs_links);
  EXPECT_TRUE(find_scheduler("link-binomial")->needs_links);
}

// The principle, on random multi-cluster platforms: the placed trees never over-subscribe a shared
// link, every send starts exactly at its recorded time, and every host is reached (link-fnf and
// link-ecef may keep a seed tree left to contend instead: no send start, checked by its max-min
// prediction in link_aware_seeds_test).
TEST(LinkAwareProperty, NeverOverSubscribeAndKeepTheirStartTimes)
{
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    std::mt19937_64 random(seed);
    auto links = test_support::random_linked_clusters(random);
    const NodeId root = random() % links->host_count();
    const double bytes = 1e5 * (1 + random() % 100);
    for (PortModel port : {PortModel::one_port, PortModel::multi_port}) {
      for (const auto* name : {"link-fnf", "link-ecef", "link-binomial"}) {
        const auto instance = instance_on(links, bytes, port);
        const auto result = run_scheduler(*find_scheduler(name), *instance, root);
        const auto transfers = timed_transfers(result.tree, LinkCostModel(links), bytes, port);
        ASSERT_EQ(transfers.size(), links->host_count() - 1) << "seed " << seed << " " << name;
        if (!result.tree.has_send_starts() && std::string(name) != "link-binomial")
          continue;
        for (const auto& transfer : transfers)
          ASSERT_NEAR(transfer.start, *result.tree.send_start(transfer.to), 1e-12 * (1 + transfer.end))
              << "seed " << seed << " " << name;
        const auto report = analyze_contention(transfers, *links);
        ASSERT_TRUE(report.links.empty()) << "seed " << seed << " " << name << " over-subscribes "
                                          << report.links.front().name;
      }
    }
  }
}
