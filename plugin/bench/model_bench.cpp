// Benchmarks of hbcast's analytic side (hbcast_core only): tree evaluators and tree builders on
// 10^3..10^6 nodes. Costs come from the sender-only model, O(n) memory; a DenseCostModel would need
// 2 n^2 doubles (16 TB at 10^6). items/s counts tree nodes.
#include <hbcast/core/binomial_tree.hpp>
#include <hbcast/eval/atomic_evaluator.hpp>
#include <hbcast/eval/pipeline_evaluator.hpp>
#include <hbcast/model/sender_only_instances.hpp>
#include <hbcast/model/sender_only_model.hpp>
#include <hbcast/sender_only/fnf.hpp>

#include <benchmark/benchmark.h>

#include <vector>

namespace {

constexpr std::size_t kSlices = 8;
constexpr auto kPort = hbcast::PortModel::one_port;

// Heterogeneous transmission times in [1, 10): fixed seed and portable draws, so every run sees
// the same instance.
std::vector<double> random_times(std::size_t n) { return hbcast::uniform_random_times(n, 1.0, 10.0, 42); }

enum class Shape { fnf, binomial };

void sizes(benchmark::internal::Benchmark* bench)
{
  bench->RangeMultiplier(10)->Range(1000, 1000000)->Unit(benchmark::kMillisecond);
}

// Builds the instance outside the timed loop, then times `evaluate(tree, model)`.
template <class Evaluate>
void on_tree(benchmark::State& state, Shape shape, Evaluate evaluate)
{
  const auto n = static_cast<std::size_t>(state.range(0));
  const std::vector<double> times = random_times(n);
  // t_u(S) = S * t_u: a unit message costs t_u, a slice of 1/K costs t_u / K.
  const auto model = hbcast::SenderOnlyModel::from_times(times);
  const auto tree = shape == Shape::fnf ? hbcast::fastest_node_first(times, 0) : hbcast::binomial_tree(n, 0);
  for (auto _ : state)
    benchmark::DoNotOptimize(evaluate(tree, model));
  state.SetItemsProcessed(state.iterations() * state.range(0));
}

void BM_evaluate_atomic(benchmark::State& state, Shape shape)
{
  on_tree(state, shape, [](const auto& tree, const auto& model) {
    return hbcast::evaluate_atomic(tree, model, 1.0, kPort).makespan;
  });
}

void BM_evaluate_pipelined(benchmark::State& state, Shape shape)
{
  on_tree(state, shape, [](const auto& tree, const auto& model) {
    return hbcast::evaluate_pipelined(tree, model, 1.0 / kSlices, kSlices, kPort).makespan;
  });
}

void BM_steady_state_period(benchmark::State& state, Shape shape)
{
  on_tree(state, shape, [](const auto& tree, const auto& model) {
    return hbcast::steady_state_period(tree, model, 1.0 / kSlices, kPort);
  });
}

void BM_fastest_node_first(benchmark::State& state)
{
  const std::vector<double> times = random_times(static_cast<std::size_t>(state.range(0)));
  for (auto _ : state) {
    auto tree = hbcast::fastest_node_first(times, 0);
    benchmark::DoNotOptimize(tree);
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}

void BM_binomial_tree(benchmark::State& state)
{
  const auto n = static_cast<std::size_t>(state.range(0));
  for (auto _ : state) {
    auto tree = hbcast::binomial_tree(n, 0);
    benchmark::DoNotOptimize(tree);
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}

}  // namespace

BENCHMARK_CAPTURE(BM_evaluate_atomic, fnf, Shape::fnf)->Apply(sizes);
BENCHMARK_CAPTURE(BM_evaluate_atomic, binomial, Shape::binomial)->Apply(sizes);
BENCHMARK_CAPTURE(BM_evaluate_pipelined, fnf, Shape::fnf)->Apply(sizes);
BENCHMARK_CAPTURE(BM_evaluate_pipelined, binomial, Shape::binomial)->Apply(sizes);
BENCHMARK_CAPTURE(BM_steady_state_period, fnf, Shape::fnf)->Apply(sizes);
BENCHMARK_CAPTURE(BM_steady_state_period, binomial, Shape::binomial)->Apply(sizes);
BENCHMARK(BM_fastest_node_first)->Apply(sizes);
BENCHMARK(BM_binomial_tree)->Apply(sizes);

BENCHMARK_MAIN();
