#include <hbcast/cluster/bounded_degree_multicast.hpp>

#include "cluster_test_support.hpp"

using namespace hbcast;
using hbcast::test::checked_time;

TEST(BoundedDegreeMulticast, LocalPhaseReachesMembersBeyondTheDegree)
{
  // Selected nodes: d = (2, 1, 1), targets min(d, n') = (1, 1, 0), k' = 1: LCF(1) is the source
  // alone, which sends to cluster 1 (0..2); cluster 1 then doubles 1 -> 3 members: 4.
  auto instance = cluster_instance({4, 4, 4}, 2);
  instance.degree_limits = {2, 1, 1};
  instance.multicast_counts = {1, 3, 0};
  EXPECT_DOUBLE_EQ(checked_time(instance, schedule_bounded_degree_multicast(instance)), 4.0);
}

TEST(BoundedDegreeMulticast, RespectsTheDegreeWithManyMembers)
{
  auto instance = cluster_instance({3, 2, 5, 1, 4}, 3);
  instance.degree_limits = {1, 2, 1, 1, 2};
  instance.multicast_counts = {3, 2, 4, 1, 0};
  const auto schedule = schedule_bounded_degree_multicast(instance);
  // k' = 3: the source sends to cluster 1 (0..3), which doubles (3..4); 2 holders of cluster 1 and
  // the source reach clusters 2, 3 (4..7); every member is then informed locally: cluster 2 has
  // 1 of 4 members (2 rounds) and K0 1 of 3: 9.
  EXPECT_DOUBLE_EQ(checked_time(instance, schedule), 9.0);
}
