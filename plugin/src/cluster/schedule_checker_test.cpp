#include <hbcast/cluster/schedule_checker.hpp>

#include "cluster_test_support.hpp"

using namespace hbcast;

namespace {

// Clusters {0, 1} and {2, 3}, C = 3.
ClusterInstance two_pairs() { return cluster_instance({2, 2}, 3); }

void expect_rejected(const ClusterInstance& instance, std::vector<ClusterTransfer> transfers, const std::string& words)
{
  try {
    check_schedule(instance, {std::move(transfers)});
    FAIL() << "accepted; expected: " << words;
  } catch (const InvalidClusterSchedule& error) {
    EXPECT_NE(std::string(error.what()).find(words), std::string::npos) << error.what();
  }
}

}  // namespace

TEST(ScheduleChecker, AcceptsAValidScheduleAndTimesIt)
{
  // 0 -> 1 local (0..1), 0 -> 2 global (1..4), 2 -> 3 local (4..5).
  const auto check = check_schedule(two_pairs(), {{{0, 1, 0, false}, {0, 2, 1, true}, {2, 3, 4, false}}});
  EXPECT_DOUBLE_EQ(check.broadcast_time, 5.0);
  EXPECT_EQ(check.global_transfers, 1u);
  EXPECT_DOUBLE_EQ(check.arrival[2], 4.0);
}

TEST(ScheduleChecker, RejectsEachBrokenRule)
{
  const auto instance = two_pairs();
  expect_rejected(instance, {{0, 1, 0, false}, {0, 2, 0.5, true}, {2, 3, 3.5, false}}, "two transfers at once");
  expect_rejected(instance, {{0, 2, 0, true}, {2, 3, 2, false}, {0, 1, 3, false}}, "before it holds");
  expect_rejected(instance, {{0, 1, 0, false}, {0, 2, 1, true}, {1, 3, 1, true}}, "advertised");
  expect_rejected(instance, {{0, 1, 0, false}, {0, 2, 1, true}, {2, 3, 4, false}, {2, 3, 5, false}}, "twice");
  expect_rejected(instance, {{0, 1, 0, false}, {0, 2, 1, true}}, "never receives");
  expect_rejected(instance, {{0, 1, 0, true}, {0, 2, 1, true}, {2, 3, 4, false}}, "marked global");
  expect_rejected(instance, {{0, 2, 0, true}, {2, 3, 3, false}, {3, 1, 4, true}}, "advertised");
}

TEST(ScheduleChecker, RejectsASecondGlobalMessageToACluster)
{
  // Clusters {0}, {1, 2}, {3}: 3 receives from 0 and, later, cluster 1 would receive twice.
  auto instance = cluster_instance({1, 2, 1}, 2);
  expect_rejected(instance, {{0, 1, 0, true}, {1, 2, 2, false}, {0, 3, 2, true}, {3, 1, 4, true}}, "twice");
  auto multi = cluster_instance({2, 1, 1}, 2);  // two clusters of one node: a second global is refused
  expect_rejected(multi, {{0, 1, 0, false}, {0, 2, 1, true}, {1, 3, 1, true}, {2, 3, 3, true}}, "twice");
}

TEST(ScheduleChecker, DegreeAndMatchingBounds)
{
  // Cluster 0 = {0, 1} sends to clusters {2} and {3} at once.
  auto instance = cluster_instance({2, 1, 1}, 2);
  const std::vector<ClusterTransfer> parallel = {{0, 1, 0, false}, {0, 2, 1, true}, {1, 3, 1, true}};
  EXPECT_DOUBLE_EQ(check_schedule(instance, {parallel}).broadcast_time, 3.0);
  instance.degree_limits = {1, 1, 1};
  expect_rejected(instance, parallel, "more than 1 global transfers at once");
  instance.degree_limits = {2, 1, 1};
  EXPECT_NO_THROW(check_schedule(instance, {parallel}));
  instance.matching_bound = 1;
  expect_rejected(instance, parallel, "more than 1 global transfers at once");
  // Back to back (one ends when the next starts) is allowed.
  EXPECT_NO_THROW(check_schedule(instance, {{{0, 1, 0, false}, {0, 2, 1, true}, {1, 3, 3, true}}}));
}

TEST(ScheduleChecker, PostalSenderIsBusyOneUnit)
{
  // 0 sends globally at 0 and 1 (arrivals 3 and 4): valid postal, invalid in the basic model.
  auto instance = cluster_instance({1, 1, 1}, 3);
  const std::vector<ClusterTransfer> transfers = {{0, 1, 0, true}, {0, 2, 1, true}};
  expect_rejected(instance, transfers, "two transfers at once");
  instance.postal = true;
  EXPECT_DOUBLE_EQ(check_schedule(instance, {transfers}).broadcast_time, 4.0);
  // The postal receiver is busy only in the last unit before arrival: node 2 receives from 0 at
  // [2, 3) while 0 is free again at 1 for its local send.
  auto pair = cluster_instance({2, 1}, 3);
  pair.postal = true;
  EXPECT_DOUBLE_EQ(check_schedule(pair, {{{0, 2, 0, true}, {0, 1, 1, false}}}).broadcast_time, 3.0);
  // A postal sender is still busy for its first unit: a local send at 0.5 overlaps.
  EXPECT_THROW(check_schedule(pair, {{{0, 2, 0, true}, {0, 1, 0.5, false}}}), InvalidClusterSchedule);
}

TEST(ScheduleChecker, MulticastNeedsOnlyMembers)
{
  auto instance = cluster_instance({1, 3}, 2);
  instance.multicast_counts = {1, 2};
  EXPECT_DOUBLE_EQ(check_schedule(instance, {{{0, 1, 0, true}, {1, 2, 2, false}}}).broadcast_time, 3.0);
  expect_rejected(instance, {{0, 1, 0, true}}, "never receives");
}
