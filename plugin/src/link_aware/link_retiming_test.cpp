#include <hbcast/core/binomial_tree.hpp>
#include <hbcast/eval/atomic_evaluator.hpp>
#include <hbcast/eval/contention_analysis.hpp>
#include <hbcast/link_aware/link_retiming.hpp>
#include <hbcast/model/clustered_link_model.hpp>
#include <hbcast/model/link_cost_model.hpp>

#include <gtest/gtest.h>

#include "../../tests/support/linked_clusters.hpp"

#include <memory>

using namespace hbcast;

namespace {


double makespan(const BroadcastTree& tree, std::shared_ptr<const LinkRouteModel> links)
{
  return evaluate_atomic(tree, LinkCostModel(std::move(links)), 100, PortModel::one_port).makespan;
}

}  // namespace

TEST(LinkRetiming, ABackboneOfOneFlowSerializesTheSecondRound)
{
  // Binomial on 4 hosts: one transfer in [0, 1), then two ready at 1 s. The backbone carries one
  // flow, so the second waits for the first: starts at 0, 1 and 2 s, makespan 3 s (2 s untimed,
  // where max-min would run both at 50 B/s, also ending at 3 s).
  const auto links = test_support::four_latency_free_hosts(100);
  const BroadcastTree binomial = binomial_tree(4, 0);
  const LinkCostModel costs(links);
  const auto timed = retime_under_link_capacity(binomial, *links, costs, 100, PortModel::one_port);
  std::vector<double> starts;
  for (NodeId node = 1; node < 4; ++node)
    starts.push_back(*timed.send_start(node));
  std::sort(starts.begin(), starts.end());
  EXPECT_EQ(starts, (std::vector<double>{0.0, 1.0, 2.0}));
  EXPECT_DOUBLE_EQ(makespan(timed, links), 3.0);
  for (NodeId node = 0; node < 4; ++node)
    EXPECT_EQ(timed.children(node), binomial.children(node)) << "the send orders are kept";
  EXPECT_TRUE(analyze_contention(timed_transfers(timed, costs, 100, PortModel::one_port), *links).links.empty());
}

TEST(LinkRetiming, ABackboneOfTwoFlowsKeepsTheUntimedSchedule)
{
  const auto links = test_support::four_latency_free_hosts(200);
  const LinkCostModel costs(links);
  const auto timed = retime_under_link_capacity(binomial_tree(4, 0), *links, costs, 100, PortModel::one_port);
  EXPECT_DOUBLE_EQ(makespan(timed, links), 2.0);  // log2(4) rounds of 1 s
}
