#include "sender_only_test_support.hpp"

#include <hbcast/sender_only/multicast_oracle.hpp>
#include <hbcast/sender_only/ptas_multicast.hpp>
#include <hbcast/sender_only/sender_only_times.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

using namespace hbcast;

TEST(MulticastOracle, MembersOnlyWhenRelaysDoNotHelp)
{
  // All t = 1: relays cost a slot each, so the optimum for 3 members is log2(4) = 2 rounds.
  EXPECT_DOUBLE_EQ(exhaustive_multicast_optimum({1, 1, 1, 1, 1, 1}, 0, {1, 2, 3}), 2.0);
  // No members: nothing to do.
  EXPECT_DOUBLE_EQ(exhaustive_multicast_optimum({1, 1, 1}, 0, {}), 0.0);
  EXPECT_THROW(exhaustive_multicast_optimum(std::vector<double>(9, 1.0), 0, {1}), std::invalid_argument);
}

TEST(PtasMulticast, SlowMembersUseFastRelays)
{
  const std::vector<double> times{1, 1, 1, 1, 10, 10, 10, 10};
  const auto schedule = ptas_multicast(times, 0, {4, 5, 6, 7}, {0.1, 0.5});
  EXPECT_NO_THROW(validate_multicast_tree(schedule.tree, {4, 5, 6, 7}));
  EXPECT_LE(schedule.member_completion, ptas_guarantee({0.1, 0.5}) * 3.0);
  EXPECT_DOUBLE_EQ(schedule.member_completion, test_support::evaluated_completion(schedule.tree, times, {4, 5, 6, 7}));
}

TEST(PtasMulticast, GuaranteeAgainstExhaustiveOptimum)
{
  // Khuller-Kim-Woeginger, Theorem 4, with a fastest source.
  const double epsilon_primes[] = {0.2, 0.3, 0.5, 1.0};
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937_64 rng(seed);
    const std::size_t n = 2 + rng() % 7;
    std::vector<double> times(n);
    for (auto& t : times)
      t = static_cast<double>(1 + rng() % 12);
    const NodeId source = fastest_processor(times);
    std::vector<NodeId> members;
    for (NodeId v = 0; v < n; ++v)
      if (v != source && rng() % 2 == 0)
        members.push_back(v);
    const PtasParameters parameters{0.1, epsilon_primes[seed % 4]};
    const auto schedule = ptas_multicast(times, source, members, parameters);
    ASSERT_NO_THROW(validate_multicast_tree(schedule.tree, members));
    EXPECT_DOUBLE_EQ(schedule.member_completion, test_support::evaluated_completion(schedule.tree, times, members));
    const double optimum = exhaustive_multicast_optimum(times, source, members);
    EXPECT_GE(schedule.member_completion, optimum - 1e-9);
    EXPECT_LE(schedule.member_completion, ptas_guarantee(parameters) * optimum + 1e-9);
  }
}

TEST(PtasMulticast, RefusesHugeRequests)
{
  std::vector<double> times(200);
  for (std::size_t v = 0; v < times.size(); ++v)
    times[v] = 1.0 + 0.05 * static_cast<double>(v);
  EXPECT_THROW(ptas_multicast(times, 0, {5, 7, 9}, {0.1, 0.1}), std::invalid_argument);
}
