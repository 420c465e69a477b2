// The event-driven replay (no actors), and its variant whose transfers are carried by courier actors,
// simulate exactly what the actor-per-host reference does:
// every field of the result (makespan, per-node completion and first receive start, measured and
// observed period, throughput, slowest node, transfer count) to 1e-12 relative, on random trees
// (with and without send start times) and binomial trees, random heterogeneous stars (shared up
// and down links, so multi-port sends contend) and private-link platforms, exact mode and
// SimGrid's default LV08, one-port and multi-port, atomic and pipelined. One seed per test; every
// replay runs in a forked child with its own engine from simulated time 0, so that both drivers
// do the same floating-point arithmetic. The seed is printed on failure.
// Multi-tree plans (several random trees from one root, slices interleaved by weight) likewise, to
// 1e-9 relative: the same fields, every driver against the actor-per-host reference.
#include <hbcast/core/slice_interleaving.hpp>
#include <hbcast/platform/loaded_platform.hpp>
#include <hbcast/replay/multi_tree_broadcast.hpp>
#include <hbcast/replay/replay_tree.hpp>
#include <hbcast/sched/binomial.hpp>

#include "support/code_platforms.hpp"
#include "support/random_instances.hpp"

#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <functional>
#include <random>

using namespace hbcast;

namespace {

constexpr double kTolerance = 1e-12;
// Multi-tree plans: the state machines decide at the same instants as the actors, but nodes that
// send to one receiver at one instant may start their transfers in another order.
constexpr double kMultiTreeTolerance = 1e-9;

struct Case {
  std::string name;
  BroadcastTree tree;
  std::size_t slices;
};

BroadcastTree with_random_send_starts(BroadcastTree tree, double scale, std::mt19937_64& rng)
{
  std::bernoulli_distribution timed(0.3);
  std::uniform_real_distribution<double> start(0.0, scale);
  for (NodeId node = 0; node < tree.size(); ++node)
    if (node != tree.root() && timed(rng))
      tree.set_send_start(node, start(rng));
  return tree;
}

std::vector<Case> cases_for(std::size_t n, double scale, std::mt19937_64& rng)
{
  const std::size_t slices = 2 + rng() % 12;
  std::vector<std::pair<std::string, BroadcastTree>> trees = {
      {"random", test_support::random_tree(n, rng)},
      {"random+send-starts", with_random_send_starts(test_support::random_tree(n, rng), scale, rng)},
      {"binomial", binomial_tree(n, rng() % n)}};
  std::vector<Case> cases;
  for (auto& [name, tree] : trees) {
    cases.push_back({name + " atomic", tree, 1});
    cases.push_back({name + " pipelined", tree, slices});
  }
  return cases;
}

// A result as doubles, to cross the pipe from the child: the scalars, then two values per node.
std::vector<double> flatten(const ReplayResult& result)
{
  std::vector<double> numbers = {result.start_time,      result.makespan,
                                 result.period,          result.throughput,
                                 result.observed_period, static_cast<double>(result.slowest_node),
                                 static_cast<double>(result.transfer_count)};
  numbers.insert(numbers.end(), result.completion_time.begin(), result.completion_time.end());
  numbers.insert(numbers.end(), result.receive_start.begin(), result.receive_start.end());
  return numbers;
}

constexpr std::size_t kScalars = 7;

ReplayResult unflatten(const std::vector<double>& numbers, std::size_t n)
{
  ReplayResult result;
  result.start_time = numbers[0];
  result.makespan = numbers[1];
  result.period = numbers[2];
  result.throughput = numbers[3];
  result.observed_period = numbers[4];
  result.slowest_node = static_cast<std::size_t>(numbers[5]);
  result.transfer_count = static_cast<std::size_t>(numbers[6]);
  result.completion_time.assign(numbers.begin() + kScalars, numbers.begin() + kScalars + n);
  result.receive_start.assign(numbers.begin() + kScalars + n, numbers.end());
  return result;
}

// Replays on the engine's platform and runs the simulation to its end.
using Replay = std::function<ReplayResult(simgrid::s4u::Engine&, const std::vector<simgrid::s4u::Host*>&)>;

void replay_and_write(int fd, std::uint64_t seed, const test_support::StarParameters& star, const Replay& replay)
{
  auto engine = test_support::make_engine("replay_driver_equivalence_test");
  if (seed % 4 != 1)  // the others run SimGrid's default model (LV08, cross traffic)
    test_support::set_exact_mode(engine);
  seed % 3 == 0 ? test_support::build_private_link_platform(engine, star)
                : test_support::build_star_platform(engine, star);
  const auto numbers = flatten(replay(engine, LoadedPlatform::from_engine(engine).hosts()));
  const auto bytes = static_cast<ssize_t>(numbers.size() * sizeof(double));
  _exit(write(fd, numbers.data(), numbers.size() * sizeof(double)) == bytes ? 0 : 1);
}

// Replays one case in a forked child (one engine per process) and reads back what it measured.
ReplayResult replay_in_child(std::uint64_t seed, const test_support::StarParameters& star, const Replay& replay)
{
  const std::size_t n = star.up_bandwidth.size();
  std::vector<double> numbers(kScalars + 2 * n, std::nan(""));
  int fds[2];
  if (pipe(fds) != 0)
    throw std::runtime_error("pipe() failed");
  const pid_t pid = fork();
  if (pid == 0) {
    close(fds[0]);
    replay_and_write(fds[1], seed, star, replay);
  }
  close(fds[1]);
  const std::size_t wanted = numbers.size() * sizeof(double);
  std::size_t received = 0;
  auto* buffer = reinterpret_cast<char*>(numbers.data());
  ssize_t got;
  while (received < wanted && (got = read(fds[0], buffer + received, wanted - received)) > 0)
    received += static_cast<std::size_t>(got);
  close(fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  if (received != wanted)
    throw std::runtime_error("the replay's child process died (seed " + std::to_string(seed) + ")");
  return unflatten(numbers, n);
}

void expect_near_relative(double actual, double expected, double tolerance, const std::string& what)
{
  if (actual == expected)  // also an unbounded throughput (a plan of one slice has no period)
    return;
  EXPECT_NEAR(actual, expected, tolerance * std::max(std::abs(expected), 1e-300)) << what;
}

void expect_same_result(const ReplayResult& events, const ReplayResult& reference, double tolerance)
{
  const auto near = [tolerance](double actual, double expected, const std::string& what) {
    expect_near_relative(actual, expected, tolerance, what);
  };
  near(events.start_time, reference.start_time, "start time");
  near(events.makespan, reference.makespan, "makespan");
  near(events.period, reference.period, "period");
  near(events.throughput, reference.throughput, "throughput");
  near(events.observed_period, reference.observed_period, "observed period");
  EXPECT_EQ(events.slowest_node, reference.slowest_node);
  EXPECT_EQ(events.transfer_count, reference.transfer_count);
  ASSERT_EQ(events.completion_time.size(), reference.completion_time.size());
  for (NodeId node = 0; node < reference.completion_time.size(); ++node) {
    near(events.completion_time[node], reference.completion_time[node],
                         "completion time of node " + std::to_string(node));
    near(events.receive_start[node], reference.receive_start[node],
                         "receive start of node " + std::to_string(node));
  }
}

void check_drivers_agree(std::uint64_t seed, std::size_t n)
{
  std::mt19937_64 rng(seed);
  const auto star = test_support::random_star(n, rng);
  const double bytes = std::floor(std::uniform_real_distribution<double>(1e3, 1e8)(rng));
  const PortModel port = seed % 2 == 0 ? PortModel::one_port : PortModel::multi_port;
  // Send start times up to about one transfer of the whole message.
  const auto cases = cases_for(n, bytes / 1e8, rng);
  for (const auto& replayed : cases) {
    SCOPED_TRACE("seed " + std::to_string(seed) + ", n " + std::to_string(n) + ", " + to_string(port) +
                 (seed % 3 == 0 ? ", private links" : ", star") + (seed % 4 != 1 ? ", exact mode" : ", LV08") +
                 ", " + replayed.name + ", " + std::to_string(replayed.slices) + " slices");
    const auto by = [&](ReplayDriver driver) -> Replay {
      return [&, driver](simgrid::s4u::Engine& engine, const std::vector<simgrid::s4u::Host*>& hosts) {
        return replay_tree(engine, replayed.tree, hosts, ReplayOptions{bytes, replayed.slices, port, "bcast", driver});
      };
    };
    const auto reference = replay_in_child(seed, star, by(ReplayDriver::actor_per_host));
    expect_same_result(replay_in_child(seed, star, by(ReplayDriver::events)), reference, kTolerance);
    expect_same_result(replay_in_child(seed, star, by(ReplayDriver::couriers)), reference, kTolerance);
  }
}

// Multi-tree plans: 1 to 4 random trees from one root, random weights, the slices interleaved by
// weight (interleave_trees), atomic and 2 to 24 slices.
void check_multi_tree_drivers_agree(std::uint64_t seed, std::size_t n)
{
  std::mt19937_64 rng(seed);
  const auto star = test_support::random_star(n, rng);
  const double bytes = std::floor(std::uniform_real_distribution<double>(1e3, 1e8)(rng));
  const PortModel port = seed % 2 == 0 ? PortModel::one_port : PortModel::multi_port;
  const auto root = static_cast<NodeId>(rng() % n);
  std::vector<BroadcastTree> trees;
  std::vector<double> weights;
  for (std::size_t t = 0, count = 1 + rng() % 4; t < count; ++t) {
    trees.push_back(test_support::random_tree_from(n, root, rng));
    weights.push_back(std::uniform_real_distribution<double>(0.1, 1.0)(rng));
  }
  for (const std::size_t slices : {std::size_t{1}, static_cast<std::size_t>(2 + rng() % 23)}) {
    SCOPED_TRACE("seed " + std::to_string(seed) + ", n " + std::to_string(n) + ", " + to_string(port) +
                 (seed % 3 == 0 ? ", private links" : ", star") + (seed % 4 != 1 ? ", exact mode" : ", LV08") + ", " +
                 std::to_string(trees.size()) + " trees, " + std::to_string(slices) + " slices");
    const auto slice_tree = interleave_trees(weights, slices);
    const auto by = [&](ReplayDriver driver) -> Replay {
      return [&, driver](simgrid::s4u::Engine& engine, const std::vector<simgrid::s4u::Host*>& hosts) {
        return replay_multi_tree(engine, trees, slice_tree, hosts, ReplayOptions{bytes, slices, port, "plan", driver});
      };
    };
    const auto reference = replay_in_child(seed, star, by(ReplayDriver::actor_per_host));
    expect_same_result(replay_in_child(seed, star, by(ReplayDriver::events)), reference, kMultiTreeTolerance);
    expect_same_result(replay_in_child(seed, star, by(ReplayDriver::couriers)), reference, kMultiTreeTolerance);
  }
}

class ReplayDrivers : public ::testing::TestWithParam<int> {};

}  // namespace

TEST_P(ReplayDrivers, EventDrivenReplayEqualsActorPerHost)
{
  const auto seed = static_cast<std::uint64_t>(GetParam());
  check_drivers_agree(seed, 2 + seed % 40);
}
INSTANTIATE_TEST_SUITE_P(Seeds, ReplayDrivers, ::testing::Range(1, 121));

// Hundreds of transfers in flight: many couriers, handing transfers over and going idle.
class ReplayDriversManyInFlight : public ::testing::TestWithParam<int> {};

TEST_P(ReplayDriversManyInFlight, EventDrivenReplayEqualsActorPerHost)
{
  const auto seed = static_cast<std::uint64_t>(GetParam());
  check_drivers_agree(seed, 300 + seed % 200);
}
INSTANTIATE_TEST_SUITE_P(Seeds, ReplayDriversManyInFlight, ::testing::Range(1, 5));

class MultiTreeReplayDrivers : public ::testing::TestWithParam<int> {};

TEST_P(MultiTreeReplayDrivers, EventDrivenReplayEqualsActorPerHost)
{
  const auto seed = static_cast<std::uint64_t>(GetParam());
  check_multi_tree_drivers_agree(seed, 2 + seed % 30);
}
INSTANTIATE_TEST_SUITE_P(Seeds, MultiTreeReplayDrivers, ::testing::Range(1, 61));

// Hundreds of transfers in flight: many couriers.
class MultiTreeReplayDriversManyInFlight : public ::testing::TestWithParam<int> {};

TEST_P(MultiTreeReplayDriversManyInFlight, EventDrivenReplayEqualsActorPerHost)
{
  const auto seed = static_cast<std::uint64_t>(GetParam());
  check_multi_tree_drivers_agree(seed, 200 + seed % 100);
}
INSTANTIATE_TEST_SUITE_P(Seeds, MultiTreeReplayDriversManyInFlight, ::testing::Range(1, 4));
