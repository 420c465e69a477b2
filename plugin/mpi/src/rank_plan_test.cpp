#include "rank_plan.hpp"

#include <hbcast/plan/plan_json.hpp>

#include <gtest/gtest.h>

using namespace hbcast;
using namespace hbcast::mpi;

namespace {

// a -> b -> c, a -> d (send order b then d).
BroadcastPlan chain_plan()
{
  BroadcastPlan plan;
  plan.hosts = {"a", "b", "c", "d"};
  plan.root = "a";
  plan.message_bytes = 10;
  plan.slices = 3;
  plan.trees = {{1.0, {{"a", "b", {}}, {"b", "c", {}}, {"a", "d", {}}}}};
  return plan;
}

void expect_refused(const BroadcastPlan& plan, const std::vector<std::string>& ranks, const std::string& message)
{
  try {
    map_plan_to_ranks(plan, ranks);
    ADD_FAILURE() << "accepted";
  } catch (const PlanError& error) {
    EXPECT_EQ(std::string(error.what()), message);
  }
}

}  // namespace

TEST(RankPlan, MapsHostsToRanksThroughTheRankMap)
{
  // Ranks 0..3 run on d, c, a, b.
  const auto mapped = map_plan_to_ranks(chain_plan(), {"d", "c", "a", "b"});
  EXPECT_EQ(mapped.rank_count, 4);
  EXPECT_EQ(mapped.root, 2);
  EXPECT_EQ(mapped.slices, 3u);
  EXPECT_FALSE(mapped.multi_port);
  ASSERT_EQ(mapped.trees.size(), 1u);
  const auto& tree = mapped.trees[0];
  EXPECT_EQ(tree.children[2], (std::vector<int>{3, 0}));  // a: b then d
  EXPECT_EQ(tree.children[3], (std::vector<int>{1}));     // b: c
  EXPECT_EQ(tree.parent, (std::vector<int>{2, 3, -1, 2}));
}

TEST(RankPlan, RefusesAPlanThatDoesNotMatchTheCommunicator)
{
  const auto plan = chain_plan();
  expect_refused(plan, {"a", "b", "c"}, "plan tree 0 spans 4 hosts, the communicator has 3 ranks");
  expect_refused(plan, {"a", "b", "c", "x"},
                 "rank 3 runs on host 'x', which is not a host of the plan's platform (give a rank map)");
  expect_refused(plan, {"a", "b", "c", "a"}, "ranks 0 and 3 both run on host 'a' (give a rank map)");
  auto wider = plan;
  wider.hosts.push_back("e");
  expect_refused(wider, {"a", "b", "c", "e"},
                 "plan tree 0 sends to host 'd', which no rank of the communicator runs on (4 ranks)");
  auto twice = plan;
  twice.trees[0].edges[1] = {"d", "b", {}};  // b from a and from d; c from nobody
  expect_refused(twice, {"a", "b", "c", "d"}, "plan tree 0 spans 3 hosts, the communicator has 4 ranks");
  twice.trees[0].edges.push_back({"b", "c", {}});
  expect_refused(twice, {"a", "b", "c", "d"}, "plan tree 0: host 'b' receives twice");
  auto root_receives = plan;
  root_receives.trees[0].edges.push_back({"c", "a", {}});
  expect_refused(root_receives, {"a", "b", "c", "d"}, "plan tree 0: the root 'a' receives");
}

TEST(RankPlan, UnreachedRankIsNamed)
{
  auto plan = chain_plan();
  // A cycle c -> d -> c: each receives once, but the root reaches neither.
  plan.trees[0].edges = {{"a", "b", {}}, {"d", "c", {}}, {"c", "d", {}}};
  expect_refused(plan, {"a", "b", "c", "d"}, "plan tree 0 does not reach rank 2 (host 'c')");
}

TEST(RankPlan, SeveralWeightedTreesAndMultiPort)
{
  auto plan = chain_plan();
  plan.port = "multi-port";
  plan.trees.push_back({3.0, {{"a", "d", {}}, {"d", "c", {}}, {"c", "b", {}}}});
  const auto mapped = map_plan_to_ranks(plan, {"a", "b", "c", "d"});
  EXPECT_TRUE(mapped.multi_port);
  EXPECT_EQ(mapped.weights, (std::vector<double>{1.0, 3.0}));
  EXPECT_EQ(mapped.trees[1].parent, (std::vector<int>{-1, 2, 3, 0}));
}

// Each rank gets its host's send gap under the multi-port model; a one-port plan pauses nowhere.
TEST(RankPlan, SendGapsFollowTheirHostsToTheirRanks)
{
  auto plan = chain_plan();
  plan.port = "multi-port";
  plan.send_gaps = {{"c", 2e-6, 8e-9}};
  const auto mapped = map_plan_to_ranks(plan, {"d", "c", "b", "a"});
  EXPECT_EQ(mapped.send_latency, (std::vector<double>{0.0, 2e-6, 0.0, 0.0}));
  EXPECT_EQ(mapped.send_seconds_per_byte, (std::vector<double>{0.0, 8e-9, 0.0, 0.0}));
  plan.port = "one-port";
  const auto one_port = map_plan_to_ranks(plan, {"d", "c", "b", "a"});
  EXPECT_EQ(one_port.send_seconds_per_byte, (std::vector<double>(4, 0.0)));
}
