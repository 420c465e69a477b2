#include <hbcast/calibration/host_grouping.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace hbcast::calibration {
namespace {

using Matrix = std::vector<std::vector<double>>;

// lat(u,v) = a_u + a_v within a group, + extra between two groups.
Matrix two_level(const std::vector<double>& a, const std::vector<int>& group, double extra)
{
  Matrix latency(a.size(), std::vector<double>(a.size(), 0));
  for (std::size_t u = 0; u < a.size(); ++u)
    for (std::size_t v = 0; v < a.size(); ++v)
      latency[u][v] = u == v ? 0 : a[u] + a[v] + (group[u] == group[v] ? 0 : extra);
  return latency;
}

TEST(HostGrouping, SwitchesApartByTheirLinkAreGroups)
{
  // Two switches of 3 hosts, 20-25 us host links, 1 ms between them.
  const auto latency = two_level({20e-6, 21e-6, 22e-6, 25e-6, 24e-6, 23e-6}, {0, 0, 0, 1, 1, 1}, 1e-3);
  EXPECT_EQ(group_by_latency(latency), (std::vector<std::vector<std::size_t>>{{0, 1, 2}, {3, 4, 5}}));
  const auto a = host_latency_terms({0, 1, 2}, latency);
  EXPECT_NEAR(a[0], 20e-6, 1e-15);
  EXPECT_NEAR(a[2], 22e-6, 1e-15);
}

TEST(HostGrouping, AStarOfVeryDifferentHostsIsJoinedBackIntoOneGroup)
{
  // A star: host links of 10 us to 200 us. The latency rule splits it (a host's nearest neighbour
  // is the fastest host, the slow ones stay apart); the additive test joins it back.
  const std::vector<double> a = {10e-6, 200e-6, 50e-6, 100e-6, 12e-6, 180e-6};
  const auto latency = two_level(a, {0, 0, 0, 0, 0, 0}, 0);
  auto groups = group_by_latency(latency);
  EXPECT_GT(groups.size(), 1u);
  EXPECT_GT(merge_groups_behind_one_switch(groups, latency), 0u);
  ASSERT_EQ(groups.size(), 1u);
  // Two switches 50 us apart stay two: their pairs do not add up.
  const auto apart = two_level({20e-6, 20e-6, 20e-6, 20e-6}, {0, 0, 1, 1}, 50e-6);
  auto kept = group_by_latency(apart);
  merge_groups_behind_one_switch(kept, apart);
  EXPECT_EQ(kept.size(), 2u);
}

TEST(HostGrouping, UnmeasuredPairsAreLeftOut)
{
  const double nan = std::numeric_limits<double>::quiet_NaN();
  Matrix latency = two_level({20e-6, 20e-6, 20e-6}, {0, 0, 0}, 0);
  latency[0][2] = latency[2][0] = nan;
  EXPECT_EQ(group_by_latency(latency), (std::vector<std::vector<std::size_t>>{{0, 1, 2}}));
  EXPECT_NEAR(latency_intercept({1, 2, 4}, {1e-5 + 1e-9, 1e-5 + 2e-9, 1e-5 + 4e-9}, 0), 1e-5, 1e-15);
}

}  // namespace
}  // namespace hbcast::calibration
