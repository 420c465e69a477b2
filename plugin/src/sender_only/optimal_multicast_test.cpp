#include "sender_only_test_support.hpp"

#include <hbcast/sender_only/fnf_multicast.hpp>
#include <hbcast/sender_only/multicast_oracle.hpp>
#include <hbcast/sender_only/optimal_multicast.hpp>

#include <gtest/gtest.h>

#include <random>

using namespace hbcast;

TEST(OptimalMulticast, RecruitsAFastRelayForSlowMembers)
{
  // Source t = 1, four members t = 10, one non-member t = 1. Alone the source serves the members
  // at 1, 2, 3, 4. Recruiting the fast one first (ready 1), source and relay each serve two
  // members at 2 and 3: the optimum is 3, with one recruit.
  const std::vector<double> times{1, 10, 10, 10, 10, 1};
  const auto found = search_optimal_multicast(times, 0, {1, 2, 3, 4}, 0);
  EXPECT_TRUE(found.proven_optimal);
  EXPECT_DOUBLE_EQ(found.schedule.member_completion, 3.0);
  EXPECT_EQ(found.schedule.recruited, (std::vector<NodeId>{5}));
  EXPECT_DOUBLE_EQ(test_support::evaluated_completion(found.schedule.tree, times, {1, 2, 3, 4}), 3.0);
}

TEST(OptimalMulticast, NoRecruitWhenTheMembersAreFastest)
{
  const std::vector<double> times{1, 1, 1, 5, 5};
  const auto found = search_optimal_multicast(times, 0, {1, 2}, 0);
  EXPECT_DOUBLE_EQ(found.schedule.member_completion, 2.0);  // source at 1, then source and 1 at 2
  EXPECT_TRUE(found.schedule.recruited.empty());
}

// Against the exhaustive oracle (every recruited subset, every receive order): n <= 8, any
// source, 3 speed classes or small integers.
TEST(OptimalMulticast, EqualsTheExhaustiveOptimum)
{
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937_64 rng(seed);
    const std::size_t n = 2 + rng() % 7;
    std::vector<double> times(n);
    for (auto& t : times)
      t = double(1 + rng() % (seed % 2 == 0 ? 3 : 9));
    const NodeId source = rng() % n;
    std::vector<NodeId> members;
    for (NodeId v = 0; v < n; ++v)
      if (v != source && rng() % 2 == 0)
        members.push_back(v);
    const auto found = search_optimal_multicast(times, source, members, 0);
    ASSERT_TRUE(found.proven_optimal);
    EXPECT_DOUBLE_EQ(found.schedule.member_completion, exhaustive_multicast_optimum(times, source, members));
    EXPECT_DOUBLE_EQ(test_support::evaluated_completion(found.schedule.tree, times, members),
                     found.schedule.member_completion);
  }
}

TEST(OptimalMulticast, NodeLimitReturnsTheBestFoundUnproven)
{
  // Distinct times: the searches need many nodes; 3 nodes stop them.
  std::vector<double> times;
  for (int k = 0; k < 14; ++k)
    times.push_back(1.0 + 0.37 * k * k);
  const std::vector<NodeId> members{3, 5, 7, 9, 11, 13};
  const auto limited = search_optimal_multicast(times, 0, members, 3);
  EXPECT_FALSE(limited.proven_optimal);
  EXPECT_LE(limited.nodes_examined, 3u);
  EXPECT_DOUBLE_EQ(test_support::evaluated_completion(limited.schedule.tree, times, members),
                   limited.schedule.member_completion);
  const auto full = search_optimal_multicast(times, 0, members, 0);
  EXPECT_TRUE(full.proven_optimal);
  EXPECT_DOUBLE_EQ(test_support::evaluated_completion(full.schedule.tree, times, members),
                   full.schedule.member_completion);
  EXPECT_LE(full.schedule.member_completion, limited.schedule.member_completion);  // the proven optimum
}
