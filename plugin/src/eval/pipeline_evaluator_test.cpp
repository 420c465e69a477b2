#include <hbcast/eval/atomic_evaluator.hpp>
#include <hbcast/eval/pipeline_evaluator.hpp>
#include <hbcast/model/dense_cost_model.hpp>
#include <hbcast/sched/flat.hpp>

#include "../../tests/support/random_instances.hpp"

#include <gtest/gtest.h>

using namespace hbcast;

namespace {

DenseCostModel uniform_costs(std::size_t n, double latency, double bandwidth)
{
  DenseCostModel costs(n);
  for (NodeId u = 0; u < n; ++u)
    for (NodeId v = 0; v < n; ++v)
      if (u != v)
        costs.set_link(u, v, latency, bandwidth);
  return costs;
}

}  // namespace

TEST(PipelineEvaluator, ChainFillsInPPlusKMinusTwoSteps)
{
  // Chain of P nodes, K slices, each hop T = 0.1 + 100/50 = 2.1: makespan (P + K - 2) T.
  const std::size_t P = 7, K = 13;
  BroadcastTree chain(P, 0);
  for (NodeId u = 0; u + 1 < P; ++u)
    chain.add_child(u, u + 1);
  auto prediction = evaluate_pipelined(chain, uniform_costs(P, 0.1, 50.0), 100.0, K, PortModel::one_port);
  EXPECT_NEAR(prediction.makespan, (P + K - 2) * 2.1, 1e-12);
  EXPECT_NEAR(prediction.period, 2.1, 1e-12);
  EXPECT_NEAR(prediction.throughput, 100.0 / 2.1, 1e-9);
}

TEST(PipelineEvaluator, FlatTreeOnePortPeriodIsSumOfSends)
{
  // Root sends K slices to 2 children, T = 1 each: the last send ends at 2K; period 2.
  auto prediction = evaluate_pipelined(flat_tree(3, 0), uniform_costs(3, 1.0, 1e300), 1.0, 5, PortModel::one_port);
  EXPECT_DOUBLE_EQ(prediction.makespan, 10.0);
  EXPECT_DOUBLE_EQ(prediction.period, 2.0);
}

TEST(PipelineEvaluator, FlatTreeMultiPortIsEdgeBound)
{
  // Multi-port, overhead o = 0.25 < T = 1: each edge carries a slice every T and the second edge
  // lags by o, so makespan = K T + o; period = max(2 o, T) = T (Beaumont-Marchal-Robert, section 3.2).
  auto costs = uniform_costs(3, 1.0, 1e300);
  costs.set_send_overhead(0, 0.25, 1e300);
  auto prediction = evaluate_pipelined(flat_tree(3, 0), costs, 1.0, 5, PortModel::multi_port);
  EXPECT_DOUBLE_EQ(prediction.makespan, 5.25);
  EXPECT_DOUBLE_EQ(prediction.period, 1.0);
  costs.set_send_overhead(0, 0.75, 1e300);  // now the serialized overheads bound it: 2 * 0.75
  EXPECT_DOUBLE_EQ(evaluate_pipelined(flat_tree(3, 0), costs, 1.0, 5, PortModel::multi_port).period, 1.5);
}

TEST(PipelineEvaluator, RejectsZeroSlices)
{
  EXPECT_THROW(evaluate_pipelined(flat_tree(2, 0), uniform_costs(2, 1, 1), 1.0, 0, PortModel::one_port),
               std::invalid_argument);
}

// Differential test: one slice of the pipeline evaluator is the atomic evaluator.
TEST(PipelineEvaluator, OneSliceEqualsAtomicOnRandomTrees)
{
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    std::mt19937_64 rng(seed);
    const std::size_t n = 2 + seed % 40;
    auto tree = test_support::random_tree(n, rng);
    auto costs = test_support::star_cost_model(test_support::random_star(n, rng));
    if (seed % 3 == 0)
      tree.set_send_start((tree.root() + 1) % n, 1e-3);
    for (auto port : {PortModel::one_port, PortModel::multi_port}) {
      const double bytes = 1e3 * static_cast<double>(seed);
      auto atomic = evaluate_atomic(tree, costs, bytes, port);
      auto pipelined = evaluate_pipelined(tree, costs, bytes, 1, port);
      ASSERT_NEAR(atomic.makespan, pipelined.makespan, 1e-12 * atomic.makespan)
          << "seed " << seed << " port " << to_string(port);
      for (NodeId v = 0; v < n; ++v)
        ASSERT_DOUBLE_EQ(atomic.ready_time[v], pipelined.completion_time[v]) << "seed " << seed << " node " << v;
    }
  }
}

// Property: K slices take at least the fill of one slice plus (K - 1) periods' worth of the
// busiest port's work, and at most K atomic broadcasts of a slice back to back.
TEST(PipelineEvaluator, MakespanBracketedByPeriodAndSerialBroadcasts)
{
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    std::mt19937_64 rng(seed);
    const std::size_t n = 2 + seed % 30;
    const std::size_t K = 1 + seed % 17;
    auto tree = test_support::random_tree(n, rng);
    auto costs = test_support::star_cost_model(test_support::random_star(n, rng));
    auto pipelined = evaluate_pipelined(tree, costs, 1e4, K, PortModel::one_port);
    auto one_slice = evaluate_atomic(tree, costs, 1e4, PortModel::one_port);
    ASSERT_GE(pipelined.makespan * (1 + 1e-12), (K - 1) * pipelined.period) << "seed " << seed;
    ASSERT_GE(pipelined.makespan * (1 + 1e-12), one_slice.makespan) << "seed " << seed;
    ASSERT_LE(pipelined.makespan, K * one_slice.makespan * (1 + 1e-12)) << "seed " << seed;
  }
}
