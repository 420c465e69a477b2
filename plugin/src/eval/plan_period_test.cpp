#include <hbcast/eval/pipeline_evaluator.hpp>
#include <hbcast/eval/plan_period.hpp>

#include "../../tests/support/random_instances.hpp"

#include <gtest/gtest.h>

#include <random>

namespace hbcast {
namespace {

// T_uv(S) = latency + S / bandwidth on a 3-host matrix.
class MatrixCosts : public CostModel {
public:
  std::size_t size() const override { return 3; }
  double latency(NodeId, NodeId) const override { return 0.0; }
  double inverse_bandwidth(NodeId from, NodeId to) const override { return seconds_per_byte[from][to]; }
  double seconds_per_byte[3][3] = {{0, 1, 2}, {1, 0, 1}, {2, 1, 0}};
};

// Two trees from root 0 over 3 hosts, half the slices each: 0->1->2 and 0->2->1, slice 1 byte.
// One-port: host 0 sends 1/2 x 1 + 1/2 x 2 = 1.5 s per slice; host 1 sends 1/2 x 1 and receives
// 1/2 x 1 + 1/2 x 1 = 1; host 2 sends 0.5, receives 1/2 x 1 + 1/2 x 2 = 1.5. Period 1.5 s.
// Multi-port: arcs 0->1 0.5, 1->2 0.5, 0->2 1.0, 2->1 0.5: period 1.0 s.
TEST(PlanPeriod, TwoTreesByHand)
{
  const MatrixCosts costs;
  const std::vector<BroadcastTree> trees{BroadcastTree(0, {{1}, {2}, {}}), BroadcastTree(0, {{2}, {}, {1}})};
  EXPECT_DOUBLE_EQ(plan_period(trees, {0.5, 0.5}, costs, 1.0, PortModel::one_port), 1.5);
  EXPECT_DOUBLE_EQ(plan_period(trees, {3.0, 3.0}, costs, 1.0, PortModel::multi_port), 1.0);
  // All the slices on the first tree: its own period, the slowest edge (1 s).
  EXPECT_DOUBLE_EQ(plan_period(trees, {1.0, 0.0}, costs, 1.0, PortModel::one_port), 1.0);
}

// The same two trees with a latency of 0.25 s on every route, multi-port. The plan's slices
// overlap on an arc (sent as soon as held), so an arc costs its bytes over its bandwidth alone: the
// arcs stay at 0.5, 0.5, 1.0 and 0.5, period 1.0 s. The first tree alone carries one slice at a
// time per edge, each paying the latency: 0->1 and 1->2 take 0.25 + 1 = 1.25 s, its period.
TEST(PlanPeriod, MultiPortArcsOfSeveralTreesOverlapTheirLatency)
{
  class LatentCosts : public MatrixCosts {
  public:
    double latency(NodeId from, NodeId to) const override { return from == to ? 0.0 : 0.25; }
  };
  const LatentCosts costs;
  const std::vector<BroadcastTree> trees{BroadcastTree(0, {{1}, {2}, {}}), BroadcastTree(0, {{2}, {}, {1}})};
  EXPECT_TRUE(slices_overlap_on_arcs(2, PortModel::multi_port));
  EXPECT_FALSE(slices_overlap_on_arcs(1, PortModel::multi_port));
  EXPECT_FALSE(slices_overlap_on_arcs(2, PortModel::one_port));
  EXPECT_DOUBLE_EQ(plan_period(trees, {1.0, 1.0}, costs, 1.0, PortModel::multi_port), 1.0);
  EXPECT_DOUBLE_EQ(plan_period({trees.front()}, {1.0}, costs, 1.0, PortModel::multi_port), 1.25);
  // One-port: host 0 sends 1/2 x 1.25 + 1/2 x 2.25 = 1.75 s per slice, its latency counted.
  EXPECT_DOUBLE_EQ(plan_period(trees, {1.0, 1.0}, costs, 1.0, PortModel::one_port), 1.75);
}

// predict_plan on the same two trees, 1-byte slices. One-slice makespans (one port): 0->1->2 is
// 1 + 1 = 2 s, 0->2->1 is 2 + 1 = 3 s. One slice goes to the heavier first tree alone: 2 s. Four
// slices, weights 1:1, use both: fill 3 s, then 3 periods of 1.5 s: 7.5 s.
TEST(PlanPeriod, PredictionFillsWithTheTreesThatCarrySlices)
{
  const MatrixCosts costs;
  const std::vector<BroadcastTree> trees{BroadcastTree(0, {{1}, {2}, {}}), BroadcastTree(0, {{2}, {}, {1}})};
  const auto one = predict_plan(trees, {2.0, 1.0}, costs, 1.0, 1, PortModel::one_port);
  EXPECT_DOUBLE_EQ(one.fill, 2.0);
  EXPECT_DOUBLE_EQ(one.makespan, 2.0);
  const auto four = predict_plan(trees, {1.0, 1.0}, costs, 1.0, 4, PortModel::one_port);
  EXPECT_DOUBLE_EQ(four.fill, 3.0);
  EXPECT_DOUBLE_EQ(four.period, 1.5);
  EXPECT_DOUBLE_EQ(four.makespan, 7.5);
}

TEST(PlanPeriod, OneTreeIsTheSingleTreePeriod)
{
  for (unsigned seed = 1; seed <= 30; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937_64 random(seed);
    const auto costs = test_support::star_cost_model(test_support::random_star(12, random));
    const auto tree = test_support::random_tree(12, random);
    for (PortModel port : {PortModel::one_port, PortModel::multi_port})
      EXPECT_DOUBLE_EQ(plan_period({tree}, {2.5}, costs, 1e6, port), steady_state_period(tree, costs, 1e6, port));
  }
}

TEST(PlanPeriod, RejectsMismatchedWeights)
{
  const MatrixCosts costs;
  EXPECT_THROW(plan_period({BroadcastTree(0, {{1, 2}, {}, {}})}, {}, costs, 1.0, PortModel::one_port),
               std::invalid_argument);
  EXPECT_THROW(plan_period({BroadcastTree(0, {{1, 2}, {}, {}})}, {0.0}, costs, 1.0, PortModel::one_port),
               std::invalid_argument);
}

}  // namespace
}  // namespace hbcast
