#include <hbcast/eval/atomic_evaluator.hpp>
#include <hbcast/model/dense_cost_model.hpp>

#include <gtest/gtest.h>

using namespace hbcast;

namespace {

// Star root 0 -> {1, 2}, chain 1 -> 3. Bytes = 10.
//   T01 = 1 + 10/10 = 2, T02 = 1 + 10/5 = 3, T13 = 0.5 + 10/4 = 3.
DenseCostModel small_costs()
{
  DenseCostModel costs(4);
  costs.set_link(0, 1, 1.0, 10.0);
  costs.set_link(0, 2, 1.0, 5.0);
  costs.set_link(1, 3, 0.5, 4.0);
  costs.set_send_overhead(0, 0.5, 1e300);
  return costs;
}

BroadcastTree small_tree()
{
  BroadcastTree tree(4, 0);
  tree.add_child(0, 1);
  tree.add_child(0, 2);
  tree.add_child(1, 3);
  return tree;
}

}  // namespace

TEST(AtomicEvaluator, OnePortSendsSequentially)
{
  auto prediction = evaluate_atomic(small_tree(), small_costs(), 10.0, PortModel::one_port);
  // ready(1) = 2; ready(2) = 2 + 3 = 5; ready(3) = ready(1) + 3 = 5.
  EXPECT_DOUBLE_EQ(prediction.ready_time[1], 2.0);
  EXPECT_DOUBLE_EQ(prediction.ready_time[2], 5.0);
  EXPECT_DOUBLE_EQ(prediction.ready_time[3], 5.0);
  EXPECT_DOUBLE_EQ(prediction.makespan, 5.0);
}

TEST(AtomicEvaluator, MultiPortOverlapsSendsAfterOverhead)
{
  auto prediction = evaluate_atomic(small_tree(), small_costs(), 10.0, PortModel::multi_port);
  // Send 2 starts send_0 = 0.5 after send 1: ready(2) = 0.5 + 3.
  EXPECT_DOUBLE_EQ(prediction.ready_time[2], 3.5);
  EXPECT_DOUBLE_EQ(prediction.makespan, 5.0);
}

TEST(AtomicEvaluator, ExplicitSendStartDelaysTheSend)
{
  auto tree = small_tree();
  tree.set_send_start(2, 10.0);
  auto prediction = evaluate_atomic(tree, small_costs(), 10.0, PortModel::one_port);
  EXPECT_DOUBLE_EQ(prediction.ready_time[2], 13.0);
  tree.set_send_start(2, 1.0);  // earlier than the port is free: no effect
  EXPECT_DOUBLE_EQ(evaluate_atomic(tree, small_costs(), 10.0, PortModel::one_port).ready_time[2], 5.0);
}
