// Differential tests: FNF and schedule_sequence against a plain reference of Liu, section 3 /
// equation (1) (a std::priority_queue of the informed processors, receivers sorted by (t, index)).
// The library's version is tuned for 10^6 processors; it must build the same tree, child order
// included, and the same ready times on every input, ties included.
#include <hbcast/sender_only/fnf.hpp>
#include <hbcast/sender_only/sender_only_times.hpp>

#include <hbcast/model/sender_only_instances.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <functional>
#include <limits>
#include <numeric>
#include <queue>
#include <random>
#include <stdexcept>
#include <string>
#include <tuple>

using namespace hbcast;

namespace {

struct Reference {
  std::vector<std::vector<NodeId>> children;
  std::vector<double> ready;
};

// Equation (1): each receiver in turn is served by the informed processor whose next send completes
// first; ties go to the smaller t, then the lower index. A processor's k-th completion is its ready
// time plus t, k times over (added one at a time, as the library does).
Reference reference_sequence(const std::vector<double>& times, NodeId source, const std::vector<NodeId>& receivers,
                             double give_up = std::numeric_limits<double>::infinity())
{
  using Send = std::tuple<double, double, NodeId>;  // (completion, t, index)
  std::priority_queue<Send, std::vector<Send>, std::greater<>> senders;
  senders.emplace(times[source], times[source], source);
  Reference result{std::vector<std::vector<NodeId>>(times.size()), {}};
  for (NodeId receiver : receivers) {
    auto [completion, time, sender] = senders.top();
    senders.pop();
    result.ready.push_back(completion);
    result.children[sender].push_back(receiver);
    if (completion >= give_up)
      break;
    senders.emplace(completion + time, time, sender);
    senders.emplace(completion + times[receiver], times[receiver], receiver);
  }
  return result;
}

std::vector<NodeId> reference_order(const std::vector<double>& times, NodeId source)
{
  std::vector<NodeId> order;
  for (NodeId v = 0; v < times.size(); ++v)
    if (v != source)
      order.push_back(v);
  std::sort(order.begin(), order.end(),
            [&](NodeId a, NodeId b) { return std::tie(times[a], a) < std::tie(times[b], b); });
  return order;
}

void expect_same_tree(const BroadcastTree& tree, const std::vector<std::vector<NodeId>>& children, NodeId source)
{
  ASSERT_EQ(tree.size(), children.size());
  ASSERT_EQ(tree.root(), source);
  for (NodeId u = 0; u < tree.size(); ++u)
    ASSERT_EQ(tree.children(u), children[u]) << "children of " << u;
}

// FNF and its receive order against the reference on one instance.
void expect_fnf_matches(const std::vector<double>& times, NodeId source)
{
  const auto order = reference_order(times, source);
  ASSERT_EQ(fnf_receive_order(times, source), order);
  const Reference expected = reference_sequence(times, source, order);
  expect_same_tree(fastest_node_first(times, source), expected.children, source);
  const auto schedule = schedule_sequence(times, source, order);
  expect_same_tree(schedule.tree, expected.children, source);
  ASSERT_EQ(schedule.ready, expected.ready);
}

using Draw = std::function<double(std::mt19937_64&)>;

// Instances of 1 to a few thousand processors (a few larger ones), random sources.
void check_fnf_family(const Draw& draw, std::uint64_t first_seed, std::uint64_t seeds)
{
  for (std::uint64_t seed = first_seed; seed < first_seed + seeds; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937_64 rng(seed);
    const std::size_t n = seed % 10 == 0 ? 1 + rng() % 30000 : 1 + rng() % (seed % 3 == 0 ? 5000 : 40);
    std::vector<double> times(n);
    for (auto& t : times)
      t = draw(rng);
    const NodeId source = seed % 2 == 0 ? fastest_processor(times) : static_cast<NodeId>(rng() % n);
    expect_fnf_matches(times, source);
    if (::testing::Test::HasFatalFailure())
      return;
  }
}

}  // namespace

TEST(FnfDifferential, UniformTimesMatchReference)
{
  check_fnf_family([](std::mt19937_64& rng) { return std::uniform_real_distribution<double>(1.0, 10.0)(rng); }, 1,
                   200);
}

TEST(FnfDifferential, FewClassTimesMatchReference)
{
  // 2 or 3 speed classes (Liu's setting): ties between equal times everywhere.
  check_fnf_family(
      [](std::mt19937_64& rng) {
        static constexpr double kClasses[] = {1.5, 2.25, 7.0};
        return kClasses[rng() % (rng() % 2 == 0 ? 2 : 3)];
      },
      1001, 200);
}

TEST(FnfDifferential, IntegerTimesMatchReference)
{
  // Small integers: many senders complete at the same instant.
  check_fnf_family([](std::mt19937_64& rng) { return static_cast<double>(1 + rng() % 4); }, 2001, 200);
}

TEST(FnfDifferential, ZeroTimesMatchReference)
{
  // Zero-time processors send without end at one instant; -0.0 equals 0.0 (ties by index).
  check_fnf_family(
      [](std::mt19937_64& rng) {
        const auto draw = rng() % 4;
        return draw == 0 ? 0.0 : draw == 1 ? -0.0 : static_cast<double>(rng() % 3);
      },
      3001, 200);
}

TEST(FnfDifferential, AnySequenceMatchesReference)
{
  // schedule_sequence on arbitrary receive orders (the search and the PTAS use it so), with and
  // without the tree, stopped or not by give_up.
  for (std::uint64_t seed = 1; seed <= 400; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937_64 rng(seed);
    const std::size_t n = 1 + rng() % (seed % 4 == 0 ? 3000 : 30);
    std::vector<double> times(n);
    for (auto& t : times)
      t = seed % 3 == 0 ? static_cast<double>(rng() % 4) : std::uniform_real_distribution<double>(0.5, 4.0)(rng);
    const NodeId source = static_cast<NodeId>(rng() % n);
    auto order = reference_order(times, source);
    if (seed % 5 != 0)
      portable_shuffle(order.begin(), order.end(), rng);
    const bool repeats = seed % 7 == 0;  // a processor twice, or the source: ready times but no tree
    if (repeats)
      order.insert(order.begin() + static_cast<std::ptrdiff_t>(rng() % (order.size() + 1)),
                   seed % 2 == 0 || order.empty() ? source : order[rng() % order.size()]);
    const Reference full = reference_sequence(times, source, order);
    const double give_up = full.ready.empty() ? 0.0 : full.ready[rng() % full.ready.size()];
    const Reference stopped = reference_sequence(times, source, order, give_up);

    if (repeats) {
      EXPECT_THROW(schedule_sequence(times, source, order), std::invalid_argument);
      ASSERT_EQ(schedule_sequence(times, source, order, {false}).ready, full.ready);
    } else {
      const auto schedule = schedule_sequence(times, source, order);
      expect_same_tree(schedule.tree, full.children, source);
      ASSERT_EQ(schedule.ready, full.ready);
      const auto bounded = schedule_sequence(times, source, order, {true, give_up});
      expect_same_tree(bounded.tree, stopped.children, source);
      ASSERT_EQ(bounded.ready, stopped.ready);
    }
    const auto bare = schedule_sequence(times, source, order, {false, give_up});
    ASSERT_EQ(bare.tree.size(), 0u);
    ASSERT_EQ(bare.ready, stopped.ready);
  }
}

TEST(FnfDifferential, MillionProcessorsMatchReference)
{
  // The benchmark's instance (uniform in [1, 10), seed 42) at 10^5 and 10^6 processors.
  for (std::size_t n : {100000, 1000000}) {
    SCOPED_TRACE("n " + std::to_string(n));
    const auto times = uniform_random_times(n, 1.0, 10.0, 42);
    const Reference expected = reference_sequence(times, 0, reference_order(times, 0));
    expect_same_tree(fastest_node_first(times, 0), expected.children, 0);
  }
}
