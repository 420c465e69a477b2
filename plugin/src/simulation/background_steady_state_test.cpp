// The steady-state program solved in a child process comes back exactly as solved here.
#include <hbcast/simulation/background_steady_state.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <set>
#include <stdexcept>

using namespace hbcast;
using namespace hbcast::cli;

namespace {

// A ring (every host reachable) plus random links with random latencies and bandwidths.
SteadyStateProgram random_program(unsigned seed)
{
  std::mt19937 random(seed);
  std::uniform_int_distribution<std::size_t> hosts(2, 12);
  std::uniform_real_distribution<double> latency(0.0, 1e-3), bandwidth(1e6, 1e8);
  const std::size_t n = hosts(random);
  auto graph = std::make_shared<TopologyGraph>(n);
  std::set<std::pair<NodeId, NodeId>> linked;
  for (NodeId u = 0; u < n; ++u)
    linked.emplace(u, (u + 1) % n);
  std::uniform_int_distribution<NodeId> host(0, n - 1);
  for (std::size_t k = 0; k < 2 * n; ++k)
    if (const NodeId u = host(random), v = host(random); u != v)
      linked.emplace(u, v);
  for (const auto& [u, v] : linked)
    graph->add_link(u, v, latency(random), bandwidth(random));
  SteadyStateProgram program;
  program.graph = graph;
  program.slice_bytes = 1e6;
  return program;
}

}  // namespace

TEST(BackgroundSteadyState, SolutionIsBitForBitTheOneSolvedHere)
{
  for (unsigned seed = 1; seed <= 10; ++seed) {
    const SteadyStateProgram program = random_program(seed);
    const SteadyStateSolution here = program.solve();
    BackgroundSteadyState background(program);
    const auto there = background.wait();
    EXPECT_EQ(there->slices_per_second, here.slices_per_second) << "seed " << seed;
    EXPECT_EQ(there->bytes_per_second, here.bytes_per_second) << "seed " << seed;
    EXPECT_EQ(there->edge_loads, here.edge_loads) << "seed " << seed;
    EXPECT_EQ(there->rounds, here.rounds) << "seed " << seed;
    EXPECT_EQ(there->iterations, here.iterations) << "seed " << seed;
    EXPECT_EQ(there->constraint_count, here.constraint_count) << "seed " << seed;
    EXPECT_EQ(there->variable_count, here.variable_count) << "seed " << seed;
    EXPECT_EQ(there->status, here.status) << "seed " << seed;
    EXPECT_GT(background.solve_seconds(), 0.0) << "seed " << seed;  // the child's own timing came back
  }
}

// Links of zero time reach every host: TP is +infinity, which JSON could not carry.
TEST(BackgroundSteadyState, UnboundedThroughputComesBackInfinite)
{
  SteadyStateProgram program;
  auto graph = std::make_shared<TopologyGraph>(2);
  graph->add_link(0, 1, 0.0, std::numeric_limits<double>::infinity());
  program.graph = graph;
  program.slice_bytes = 1e6;
  const auto solution = BackgroundSteadyState(program).wait();
  EXPECT_EQ(solution->status, SteadyStateSolution::Status::unbounded);
  EXPECT_TRUE(std::isinf(solution->bytes_per_second));
}

// The child's error is the one solving here throws, word for word.
TEST(BackgroundSteadyState, TheChildsErrorIsThrownByWait)
{
  SteadyStateProgram program = random_program(1);
  program.root = 99;
  std::string here;
  try {
    program.solve();
  } catch (const std::exception& error) {
    here = error.what();
  }
  ASSERT_FALSE(here.empty()) << "solving with an unknown root threw nothing";
  BackgroundSteadyState background(program);
  try {
    background.wait();
    FAIL() << "no error";
  } catch (const std::runtime_error& error) {
    EXPECT_EQ(error.what(), here);
  }
}
