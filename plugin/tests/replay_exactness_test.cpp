// Exact mode: on platforms where concurrent transfers share no link, the replayed makespan and
// period equal the pairwise prediction. One random case per test, hence per process (SimGrid
// allows one engine per process); the seed is the test's parameter, printed on failure.
#include <hbcast/eval/atomic_evaluator.hpp>
#include <hbcast/eval/pipeline_evaluator.hpp>
#include <hbcast/model/topology_graph.hpp>
#include <hbcast/platform/loaded_platform.hpp>
#include <hbcast/platform/platform_link_model.hpp>
#include <hbcast/replay/tree_broadcast.hpp>
#include <hbcast/sched/scheduler_registry.hpp>

#include "support/code_platforms.hpp"

#include <gtest/gtest.h>
#include <simgrid/s4u/Actor.hpp>

#include <algorithm>
#include <memory>

namespace sg4 = simgrid::s4u;
using namespace hbcast;

namespace {

constexpr double kTolerance = 1e-9;

struct Case {
  std::string tree_name;
  BroadcastTree tree;
  std::size_t slices;
};

struct Outcome {
  ReplayResult replay;
  double predicted_makespan;
  double predicted_period;
};

// The platform graph the topology-aware schedulers (Beaumont-Marchal-Robert) need: the star's routes as a complete
// graph, every pair u != v a link with T_uv = up_lat_u + down_lat_v + L / min(up_bw_u, down_bw_v),
// the very costs of star_cost_model, and the same multi-port send overheads.
std::shared_ptr<const TopologyGraph> complete_topology(const test_support::StarParameters& star)
{
  const std::size_t n = star.up_bandwidth.size();
  auto graph = std::make_shared<TopologyGraph>(n);
  for (NodeId u = 0; u < n; ++u) {
    graph->set_send_overhead(u, star.send_latency[u], 1.0 / star.send_bandwidth[u]);
    for (NodeId v = 0; v < n; ++v)
      if (u != v)
        graph->add_link(u, v, star.up_latency[u] + star.down_latency[v],
                        std::min(star.up_bandwidth[u], star.down_bandwidth[v]));
  }
  return graph;
}

// The trees of one case: a random one, one with explicit send starts, and every registered
// scheduler's tree for this instance; each replayed atomic and pipelined.
std::vector<Case> cases_for(std::uint64_t seed, const std::shared_ptr<const DenseCostModel>& costs,
                            const std::shared_ptr<const TopologyGraph>& topology,
                            const std::shared_ptr<const LinkRouteModel>& links, double bytes, PortModel port,
                            std::mt19937_64& rng)
{
  const std::size_t n = costs->size();
  std::vector<std::string> names;
  for (std::size_t u = 0; u < n; ++u)
    names.push_back("host-" + std::to_string(u));
  std::vector<std::pair<std::string, BroadcastTree>> trees;
  trees.emplace_back("random", test_support::random_tree(n, rng));
  auto delayed = test_support::random_tree(n, rng);
  delayed.set_send_start((delayed.root() + 1) % n, 0.01 * static_cast<double>(seed % 7));
  trees.emplace_back("random+send-starts", delayed);
  const NodeId root = seed % n;
  BroadcastInstance instance(costs, names, bytes, port);
  instance.set_topology(topology);
  instance.set_links(links);
  for (const SchedulerInfo* scheduler : schedulers_of_all())  // multi-tree's plans: multi_tree_cli_test
    trees.emplace_back(scheduler->name, run_scheduler(*scheduler, instance, root).tree);
  std::vector<Case> cases;
  const std::size_t slices = 2 + seed % 19;
  for (auto& [name, tree] : trees) {
    cases.push_back({name + " atomic", tree, 1});
    cases.push_back({name + " pipelined", tree, slices});
  }
  return cases;
}

void check_exactness(std::uint64_t seed, PortModel port, bool private_links)
{
  std::mt19937_64 rng(seed);
  const std::size_t n = 2 + seed % 31;
  auto star = test_support::random_star(n, rng);
  auto costs = std::make_shared<const DenseCostModel>(test_support::star_cost_model(star));
  const double bytes = std::floor(std::uniform_real_distribution<double>(1e3, 1e8)(rng));

  int argc = 1;
  char name[] = "replay_exactness_test";
  char* argv[] = {name, nullptr};
  sg4::Engine engine(&argc, argv);
  test_support::set_exact_mode(engine);
  private_links ? test_support::build_private_link_platform(engine, star)
                : test_support::build_star_platform(engine, star);
  const auto platform = LoadedPlatform::from_engine(engine);
  const auto& hosts = platform.hosts();

  auto cases = cases_for(seed, costs, complete_topology(star), std::make_shared<PlatformLinkModel>(platform), bytes,
                         port, rng);
  std::vector<Outcome> outcomes;
  sg4::Actor::create("controller", hosts[0], [&] {
    for (std::size_t k = 0; k < cases.size(); ++k) {
      ReplayOptions options{bytes, cases[k].slices, port, "case" + std::to_string(k)};
      auto broadcast = TreeBroadcast::start(cases[k].tree, hosts, options);
      broadcast->wait();
      const double slice = slice_size(bytes, cases[k].slices);
      auto predicted = evaluate_pipelined(cases[k].tree, *costs, slice, cases[k].slices, port);
      outcomes.push_back({broadcast->result(), predicted.makespan, predicted.period});
    }
  });
  engine.run();

  ASSERT_EQ(outcomes.size(), cases.size()) << "seed " << seed;
  for (std::size_t k = 0; k < cases.size(); ++k) {
    const auto& outcome = outcomes[k];
    SCOPED_TRACE("seed " + std::to_string(seed) + ", n " + std::to_string(n) + ", " + to_string(port) + ", " +
                 cases[k].tree_name + ", " + std::to_string(cases[k].slices) + " slices");
    EXPECT_NEAR(outcome.replay.makespan, outcome.predicted_makespan, kTolerance * outcome.predicted_makespan);
    EXPECT_NEAR(outcome.replay.period, outcome.predicted_period, kTolerance * outcome.predicted_period);
    if (cases[k].slices == 1) {  // the atomic evaluator agrees too
      auto atomic = evaluate_atomic(cases[k].tree, *costs, bytes, port);
      EXPECT_NEAR(outcome.replay.makespan, atomic.makespan, kTolerance * atomic.makespan);
    }
  }
}

class StarOnePortExactness : public ::testing::TestWithParam<int> {};
class PrivateLinkExactness : public ::testing::TestWithParam<int> {};

}  // namespace

// 200 random heterogeneous stars, one-port, atomic and pipelined.
TEST_P(StarOnePortExactness, ReplayEqualsPairwisePrediction)
{
  check_exactness(static_cast<std::uint64_t>(GetParam()), PortModel::one_port, false);
}
INSTANTIATE_TEST_SUITE_P(Seeds, StarOnePortExactness, ::testing::Range(1, 201));

// 100 random private-link platforms, multi-port (sends overlap), atomic and pipelined.
TEST_P(PrivateLinkExactness, MultiPortReplayEqualsPairwisePrediction)
{
  check_exactness(static_cast<std::uint64_t>(GetParam()) + 1000, PortModel::multi_port, true);
}
INSTANTIATE_TEST_SUITE_P(Seeds, PrivateLinkExactness, ::testing::Range(1, 101));
