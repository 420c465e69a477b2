#include <hbcast/sender_only/sender_only_search.hpp>

#include <hbcast/core/tree_validation.hpp>
#include <hbcast/model/sender_only_instances.hpp>
#include <hbcast/sender_only/exhaustive_oracle.hpp>
#include <hbcast/sender_only/sender_only_times.hpp>

#include <gtest/gtest.h>

#include <limits>
#include <random>

using namespace hbcast;

namespace {

double any_source_optimum(const std::vector<double>& times)
{
  double best = std::numeric_limits<double>::infinity();
  for (NodeId source = 0; source < times.size(); ++source)
    best = std::min(best, exhaustive_optimal_makespan(times, source));
  return best;
}

// n in [2, 8] processors, each drawn from `classes` values: integers 1..6 or reals in [1, 4).
std::vector<double> random_times(std::mt19937_64& rng, std::size_t classes, bool integer)
{
  const auto values = integer ? random_class_times(classes, {1, 2, 3, 4, 5, 6}, rng)
                              : uniform_random_times(classes, 1.0, 4.0, rng);
  return random_class_times(2 + rng() % 7, values, rng);
}

}  // namespace

TEST(SenderOnlySearch, FindsTheOptimumWhereFnfMissesIt)
{
  // Liu's Fig. 2 property (fnf_test.cpp): FNF takes 5, sending to the t = 2 processor second takes 4.
  const std::vector<double> times{1, 2, 3, 3, 3, 3, 3};
  const auto result = search_optimal_broadcast(times, NodeId{0}, {});
  EXPECT_TRUE(result.proven_optimal);
  EXPECT_DOUBLE_EQ(result.makespan, 4.0);
  EXPECT_DOUBLE_EQ(tree_makespan(times, result.tree), 4.0);
  EXPECT_EQ(result.sequence.front(), 0u);
  EXPECT_GT(result.nodes_examined, 0u);
}

TEST(SenderOnlySearch, TrivialInstances)
{
  EXPECT_DOUBLE_EQ(search_optimal_broadcast({3.0}, NodeId{0}, {}).makespan, 0.0);
  // Two processors: the source's own time, whoever it is.
  EXPECT_DOUBLE_EQ(search_optimal_broadcast({3.0, 1.0}, NodeId{0}, {}).makespan, 3.0);
  EXPECT_DOUBLE_EQ(search_optimal_broadcast({3.0, 1.0}, std::nullopt, {}).makespan, 1.0);
  // Four equal processors from a given source: 0 -> 1 at 1, then 0 -> 2 and 1 -> 3 at 2.
  const auto result = search_optimal_broadcast({1, 1, 1, 1}, NodeId{2}, {});
  EXPECT_DOUBLE_EQ(result.makespan, 2.0);
  EXPECT_EQ(result.tree.root(), 2u);
}

TEST(SenderOnlySearch, RejectsBadInstances)
{
  EXPECT_THROW(search_optimal_broadcast({}, std::nullopt, {}), std::invalid_argument);
  EXPECT_THROW(search_optimal_broadcast({1.0, -2.0}, std::nullopt, {}), std::invalid_argument);
  EXPECT_THROW(search_optimal_broadcast({1.0, 2.0}, NodeId{5}, {}), std::invalid_argument);
}

TEST(SenderOnlySearch, ANodeLimitReturnsTheIncumbentUnproven)
{
  SenderOnlySearchOptions options;
  options.node_limit = 3;
  const std::vector<double> times{1, 2, 3, 3, 3, 3, 3, 2.5, 3.5, 1.7, 2.2, 3.1};
  const auto limited = search_optimal_broadcast(times, NodeId{0}, options);
  EXPECT_FALSE(limited.proven_optimal);
  EXPECT_LE(limited.nodes_examined, 3u);
  validate_tree(limited.tree, std::vector<std::string>(times.size(), "p"));
  EXPECT_DOUBLE_EQ(tree_makespan(times, limited.tree), limited.makespan);
  EXPECT_GE(limited.makespan, search_optimal_broadcast(times, NodeId{0}, {}).makespan);
}

TEST(SenderOnlySearch, AnOutsideUpperBoundOnlySeeksBetterSchedules)
{
  // Fig. 2 instance: FNF 5, optimum 4.
  const std::vector<double> times{1, 2, 3, 3, 3, 3, 3};
  SenderOnlySearchOptions options;
  options.upper_bound = 4.0;  // nothing below 4 exists: FNF's tree comes back, proven
  const auto none = search_optimal_broadcast(times, NodeId{0}, options);
  EXPECT_TRUE(none.proven_optimal);
  EXPECT_DOUBLE_EQ(none.makespan, 5.0);
  options.upper_bound = 4.5;  // 4 is below it and is found
  const auto found = search_optimal_broadcast(times, NodeId{0}, options);
  EXPECT_TRUE(found.proven_optimal);
  EXPECT_DOUBLE_EQ(found.makespan, 4.0);
  EXPECT_LE(found.nodes_examined, search_optimal_broadcast(times, NodeId{0}, {}).nodes_examined);
}

// Property: every combination of the techniques, and the generic search, returns the exhaustive
// optimum, for a given source and for any source, on integer and real times.
TEST(SenderOnlySearch, EveryTechniqueKeepsTheExhaustiveOptimum)
{
  std::vector<std::pair<std::string, SenderOnlySearchOptions>> variants{
      {"all", {}}, {"generic", generic_search_options()}, {"liu", liu_search_options()}};
  for (int technique = 0; technique < 5; ++technique) {
    SenderOnlySearchOptions only = generic_search_options();
    (technique == 0 ? only.fastest_first_order
     : technique == 1 ? only.fastest_processors_first
     : technique == 2 ? only.no_slower_sender
     : technique == 3 ? only.fnf_incumbent
                      : only.fastest_remaining_bound) = true;
    variants.emplace_back("technique " + std::to_string(technique), only);
  }
  for (std::uint64_t seed = 1; seed <= 400; ++seed) {
    std::mt19937_64 rng(seed);
    const auto times = random_times(rng, 2 + seed % 3, seed % 2 == 0);
    const NodeId source = seed % times.size();
    const double given_optimum = exhaustive_optimal_makespan(times, source);
    const double any_optimum = any_source_optimum(times);
    for (const auto& [name, options] : variants) {
      SCOPED_TRACE("seed " + std::to_string(seed) + ", " + name);
      const auto given = search_optimal_broadcast(times, source, options);
      ASSERT_TRUE(given.proven_optimal);
      ASSERT_NEAR(given.makespan, given_optimum, 1e-12);
      ASSERT_EQ(given.tree.root(), source);
      ASSERT_NEAR(tree_makespan(times, given.tree), given.makespan, 1e-12);
      const auto any = search_optimal_broadcast(times, std::nullopt, options);
      ASSERT_NEAR(any.makespan, any_optimum, 1e-12);
      ASSERT_NEAR(sequence_makespan(times, any.sequence.front(),
                                    std::vector<NodeId>(any.sequence.begin() + 1, any.sequence.end())),
                  any.makespan, 1e-12);
    }
  }
}

TEST(SenderOnlySearch, TreeOfSequenceFollowsEquationOne)
{
  // Sequence 0, 2, 1, 3 with t = (1, 2, 3, 3): 2 is ready at 1 (from 0); then 0 completes at 2 and
  // 2 at 4, so 0 serves 1 at 2; then 0 completes at 3, 1 and 2 at 4, so 0 serves 3 at 3.
  const std::vector<double> times{1, 2, 3, 3};
  const BroadcastTree tree = tree_of_sequence(times, {0, 2, 1, 3});
  EXPECT_EQ(tree.children(0), (std::vector<NodeId>{2, 1, 3}));
  EXPECT_DOUBLE_EQ(tree_makespan(times, tree), 3.0);
  EXPECT_DOUBLE_EQ(sequence_makespan(times, 0, {2, 1, 3}), 3.0);
}
