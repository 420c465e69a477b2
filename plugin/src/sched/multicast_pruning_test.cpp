#include <hbcast/core/participant_tree.hpp>
#include <hbcast/core/binomial_tree.hpp>
#include <hbcast/eval/atomic_evaluator.hpp>
#include <hbcast/model/dense_cost_model.hpp>
#include <hbcast/model/participant_cost_model.hpp>
#include <hbcast/sched/multicast_pruning.hpp>
#include <hbcast/sender_only/multicast_schedule.hpp>

#include <gtest/gtest.h>

#include <random>

using namespace hbcast;

TEST(MulticastPruning, KeepsThePathsToTheMembersInSendOrder)
{
  // 0 -> {1, 2, 3}, 1 -> {4, 5}, 2 -> {6}. Members {5, 3}: keep 0 -> {1, 3}, 1 -> {5}.
  BroadcastTree tree(7, 0);
  for (NodeId c : {1, 2, 3})
    tree.add_child(0, c);
  tree.add_child(1, 4);
  tree.add_child(1, 5);
  tree.add_child(2, 6);
  tree.set_send_start(5, 2.0);
  const BroadcastTree pruned = prune_to_members(tree, {5, 3});
  EXPECT_EQ(pruned.children(0), (std::vector<NodeId>{1, 3}));
  EXPECT_EQ(pruned.children(1), (std::vector<NodeId>{5}));
  EXPECT_TRUE(pruned.children(2).empty());
  EXPECT_EQ(pruned.send_start(5), 2.0);
  EXPECT_NO_THROW(validate_multicast_tree(pruned, {5, 3}));
  EXPECT_THROW(prune_to_members(tree, {0}), std::invalid_argument);  // the root
  EXPECT_THROW(prune_to_members(tree, {9}), std::invalid_argument);
}

// Pruning never informs a member later, under either port model: every kept send starts no later
// (a sender only loses sends before it). Random dense costs, binomial trees, random members.
TEST(MulticastPruning, NoMemberIsInformedLaterThanInTheBroadcast)
{
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937_64 rng(seed);
    const std::size_t n = 2 + rng() % 30;
    DenseCostModel costs(n);
    for (NodeId u = 0; u < n; ++u)
      for (NodeId v = 0; v < n; ++v)
        if (u != v)
          costs.set_link(u, v, 1e-3 * double(1 + rng() % 50), 1e8 * double(1 + rng() % 20));
    for (NodeId u = 0; u < n; ++u)
      costs.set_send_overhead(u, 1e-4 * double(rng() % 5), 1e9);
    const NodeId root = rng() % n;
    std::vector<NodeId> members;
    for (NodeId v = 0; v < n; ++v)
      if (v != root && rng() % 3 == 0)
        members.push_back(v);
    const BroadcastTree tree = binomial_tree(n, root);
    const BroadcastTree pruned = prune_to_members(tree, members);
    for (PortModel port : {PortModel::one_port, PortModel::multi_port}) {
      const auto broadcast = evaluate_atomic(tree, costs, 1e6, port).ready_time;
      const ParticipantTree part = participant_tree(pruned);
      const auto multicast = evaluate_atomic(part.tree, ParticipantCostModel(costs, part.participants), 1e6, port).ready_time;
      for (std::size_t k = 0; k < part.participants.size(); ++k)
        EXPECT_LE(multicast[k], broadcast[part.participants[k]]);
    }
  }
}
