#include <hbcast/core/tree_validation.hpp>
#include <hbcast/eval/atomic_evaluator.hpp>
#include <hbcast/model/sender_only_model.hpp>
#include <hbcast/sched/flat.hpp>

#include <gtest/gtest.h>

using namespace hbcast;

TEST(FlatScheduler, RootSendsToEveryOtherHostInHostOrder)
{
  auto tree = flat_tree(5, 2);
  EXPECT_EQ(tree.root(), 2u);
  EXPECT_EQ(tree.children(2), (std::vector<NodeId>{0, 1, 3, 4}));
  EXPECT_NO_THROW(validate_tree(tree));
}

TEST(FlatScheduler, MakespanIsSumOfRootSendTimes)
{
  // Sender-only times: the root's t_r = 3 paid n - 1 = 4 times, whatever the receivers.
  auto costs = SenderOnlyModel::from_times({1.0, 2.0, 3.0, 4.0, 5.0});
  EXPECT_DOUBLE_EQ(evaluate_atomic(flat_tree(5, 2), costs, 1.0, PortModel::one_port).makespan, 12.0);
}
