// choose_slice_count against the closed form of a pipelined chain and against every K.
#include <hbcast/eval/slice_choice.hpp>

#include <hbcast/eval/pipeline_evaluator.hpp>
#include <hbcast/model/dense_cost_model.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace hbcast {
namespace {

DenseCostModel uniform_slice_costs(std::size_t n, double latency, double bandwidth)
{
  DenseCostModel costs(n);
  for (NodeId u = 0; u < n; ++u)
    for (NodeId v = 0; v < n; ++v)
      if (u != v)
        costs.set_link(u, v, latency, bandwidth);
  return costs;
}

BroadcastTree chain_of(std::size_t n)
{
  BroadcastTree tree(n, 0);
  for (NodeId u = 0; u + 1 < n; ++u)
    tree.add_child(u, u + 1);
  return tree;
}

// The smallest predicted makespan over every K in [1, bound], the smaller K on ties.
std::pair<std::size_t, double> every_slice_count(const PreparedPlan* prepared, double message, std::size_t bound)
{
  std::pair<std::size_t, double> best{0, INFINITY};
  for (std::size_t k = 1; k <= bound; ++k) {
    const double makespan = prepared->predict(slice_size(message, k), k).makespan;
    if (makespan < best.second)
      best = {k, makespan};
  }
  return best;
}

// A chain of n hosts, every transfer lambda + s / beta: the first slice reaches the last host after
// (n - 1)(lambda + s / beta), then one more slice per period lambda + s / beta, so
// T(K) = (n - 2 + K)(lambda + ceil(M / K) / beta). With M = 2^20 bytes, n = 32, lambda = 1e-4 s,
// beta = 1.25e8 B/s: the continuous optimum K* = sqrt((n - 2) M / (beta lambda)) = 50.17, and
// between the integers around it T(50) = 80 x (1e-4 + 20972 / 1.25e8) = 0.02142208 s is the least.
TEST(SliceChoice, ChainMeetsItsClosedForm)
{
  const auto costs = uniform_slice_costs(32, 1e-4, 1.25e8);
  const std::vector<BroadcastTree> trees{chain_of(32)};
  const auto plan = PortAndLinkPredictor(costs, nullptr).prepare(trees, {1.0}, PortModel::one_port);
  const auto choice = choose_slice_count(*plan, 1048576.0, 1024);
  const auto closed_form = [](std::size_t k) { return (30.0 + k) * (1e-4 + std::ceil(1048576.0 / k) / 1.25e8); };
  EXPECT_EQ(choice.slices, 50u);
  EXPECT_NEAR(choice.prediction.makespan, closed_form(50), 1e-15);
  for (std::size_t k = 40; k <= 60; ++k)
    EXPECT_LE(choice.prediction.makespan, closed_form(k) * (1 + 1e-12)) << k;
  // The exact pipelined evaluator agrees with start-up + (K - 1) x period on a chain.
  EXPECT_NEAR(evaluate_pipelined(chain_of(32), costs, std::ceil(1048576.0 / 50), 50, PortModel::one_port).makespan,
              choice.prediction.makespan, 1e-15);
}

// The bound and the message's bytes cap K; a latency-free chain wants as many slices as allowed.
TEST(SliceChoice, BoundsAreKept)
{
  const std::vector<BroadcastTree> trees{chain_of(8)};
  const auto costs = uniform_slice_costs(8, 0.0, 1e6);
  const auto plan = PortAndLinkPredictor(costs, nullptr).prepare(trees, {1.0}, PortModel::one_port);
  EXPECT_EQ(choose_slice_count(*plan, 1e6, 100).slices, 100u);
  EXPECT_EQ(choose_slice_count(*plan, 10.0, 100).slices, 10u);
  EXPECT_EQ(choose_slice_count(*plan, 1e6, 0).slices, 1u);
  // All latency: one slice.
  const auto slow = uniform_slice_costs(8, 1.0, 1e12);
  EXPECT_EQ(choose_slice_count(*PortAndLinkPredictor(slow, nullptr).prepare(trees, {1.0}, PortModel::one_port), 1e6,
                               1000)
                .slices,
            1u);
}

// Random trees and costs (seed printed on failure): the choice is within 1e-9 of the best of every K
// up to 3,000, trying far fewer.
TEST(SliceChoice, NearTheBestOfEveryCountOnRandomTrees)
{
  for (unsigned seed = 1; seed <= 20; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937_64 random(seed);
    const std::size_t n = 2 + random() % 40;
    DenseCostModel costs(n);
    std::uniform_real_distribution<double> latency(1e-6, 1e-3), bandwidth(1e7, 1e9);
    for (NodeId u = 0; u < n; ++u)
      for (NodeId v = 0; v < n; ++v)
        if (u != v)
          costs.set_link(u, v, latency(random), bandwidth(random));
    BroadcastTree tree(n, 0);
    for (NodeId v = 1; v < n; ++v)
      tree.add_child(static_cast<NodeId>(random() % v), v);
    const double message = std::ldexp(1.0, 16 + static_cast<int>(random() % 10));
    const std::vector<BroadcastTree> trees{tree};
    for (PortModel port : {PortModel::one_port, PortModel::multi_port}) {
      const auto plan = PortAndLinkPredictor(costs, nullptr).prepare(trees, {1.0}, port);
      const auto choice = choose_slice_count(*plan, message, 3000);
      const auto [k, makespan] = every_slice_count(plan.get(), message, 3000);
      EXPECT_LE(choice.prediction.makespan, makespan * (1 + 1e-9)) << "best K " << k << ", chosen " << choice.slices;
      EXPECT_LT(choice.evaluated, 400u);
    }
  }
}

// The prepared plan predicts what predict_plan does, for random multi-tree plans with and without
// send overheads, one-port and multi-port, at any slice size and count.
TEST(SliceChoice, PreparedPlanIsPredictPlan)
{
  for (unsigned seed = 1; seed <= 20; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937_64 random(seed);
    const std::size_t n = 2 + random() % 30;
    DenseCostModel costs(n);
    std::uniform_real_distribution<double> latency(1e-6, 1e-3), bandwidth(1e7, 1e9), weight(0.1, 3.0);
    for (NodeId u = 0; u < n; ++u) {
      for (NodeId v = 0; v < n; ++v)
        if (u != v)
          costs.set_link(u, v, latency(random), bandwidth(random));
      if (seed % 2 == 0)
        costs.set_send_overhead(u, latency(random), bandwidth(random));
    }
    std::vector<BroadcastTree> trees;
    std::vector<double> weights;
    for (std::size_t k = 0; k < 1 + random() % 4; ++k) {
      BroadcastTree tree(n, 0);
      for (NodeId v = 1; v < n; ++v)
        tree.add_child(static_cast<NodeId>(random() % v), v);
      trees.push_back(tree);
      weights.push_back(weight(random));
    }
    for (PortModel port : {PortModel::one_port, PortModel::multi_port}) {
      const auto plan = PortAndLinkPredictor(costs, nullptr).prepare(trees, weights, port);
      for (std::size_t slices : {1, 2, 3, 7, 100}) {
        const double bytes = 1e3 + 1e5 * static_cast<double>(random() % 100);
        const auto expected = predict_plan(trees, weights, costs, bytes, slices, port);
        const auto prepared = plan->predict(bytes, slices);
        EXPECT_NEAR(prepared.fill, expected.fill, 1e-12 * expected.fill);
        EXPECT_NEAR(prepared.period, expected.period, 1e-12 * expected.period);
        EXPECT_NEAR(prepared.makespan, expected.makespan, 1e-12 * expected.makespan);
      }
    }
  }
}

}  // namespace
}  // namespace hbcast
