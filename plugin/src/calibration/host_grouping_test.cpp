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

// IMB's Sendrecv ring over 4 ranks measures 0-1, 1-2, 2-3, 3-0 only. With a = 5, 6, 7, 8 us the
// ring reads 11, 13, 15, 13 us, which a + t (1, -1, 1, -1) fits for every t; the least norm,
// sum (a_u + t s_u)^2 least, asks sum s_u (a_u + t s_u) = 0: 5 - 6 + 7 - 8 + 4 t = 0, t = 1/2,
// so a = 5.5, 5.5, 7.5, 7.5 and the unmeasured pairs 0-2 and 1-3 read 13 us (truth 12 and 14).
TEST(HostGrouping, AnEvenRingOfPairsTakesTheLeastNormLatencies)
{
  const double nan = std::numeric_limits<double>::quiet_NaN();
  Matrix latency = two_level({5e-6, 6e-6, 7e-6, 8e-6}, {0, 0, 0, 0}, 0);
  latency[0][2] = latency[2][0] = latency[1][3] = latency[3][1] = nan;
  const auto a = host_latency_terms({0, 1, 2, 3}, latency);
  ASSERT_EQ(a.size(), 4u);
  EXPECT_NEAR(a[0], 5.5e-6, 1e-15);
  EXPECT_NEAR(a[1], 5.5e-6, 1e-15);
  EXPECT_NEAR(a[2], 7.5e-6, 1e-15);
  EXPECT_NEAR(a[3], 7.5e-6, 1e-15);
  // An odd cycle fixes every term: 0-1, 1-2, 2-0 of the same hosts give a back.
  Matrix triangle = two_level({5e-6, 6e-6, 7e-6, 8e-6}, {0, 0, 0, 0}, 0);
  for (std::size_t u = 0; u < 4; ++u)
    triangle[u][3] = triangle[3][u] = u == 3 ? 0 : nan;
  triangle[2][3] = triangle[3][2] = 15e-6;
  const auto b = host_latency_terms({0, 1, 2, 3}, triangle);
  for (std::size_t u = 0; u < 4; ++u)
    EXPECT_NEAR(b[u], (5.0 + static_cast<double>(u)) * 1e-6, 1e-12) << u;
}

}  // namespace
}  // namespace hbcast::calibration
