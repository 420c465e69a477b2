#include <hbcast/cluster/bounded_degree_broadcast.hpp>

#include "cluster_test_support.hpp"

#include <hbcast/cluster/lcf.hpp>

using namespace hbcast;
using hbcast::test::checked_time;

TEST(BoundedDegreeBroadcast, OneGlobalPortPerCluster)
{
  // d = 1: LCF on I(1,1,1): source -> cluster 1 (0..2), then -> cluster 2 (2..4); local
  // broadcasting 1 -> 4 in every cluster: 2 rounds, 6.
  auto instance = cluster_instance({4, 4, 4}, 2);
  instance.degree_limits = {1, 1, 1};
  EXPECT_DOUBLE_EQ(checked_time(instance, schedule_bounded_degree_broadcast(instance)), 6.0);
  // Plain LCF sends from two nodes of cluster 0 at once: the checker rejects it.
  EXPECT_THROW(check_schedule(instance, schedule_lcf(instance)), InvalidClusterSchedule);
}

TEST(BoundedDegreeBroadcast, OrdersClustersByDegree)
{
  // d = (2, 1, 2): I(d,d) = (2, 1, 2): K0 doubles (t = 1), its 2 nodes reach clusters 2 and 1
  // (t = 3), cluster 2 doubles to 2 (t = 4); then everybody broadcasts locally: cluster 1 needs
  // 1 -> 8, 3 rounds: 7.
  auto instance = cluster_instance({2, 8, 3}, 2);
  instance.degree_limits = {2, 1, 2};
  EXPECT_DOUBLE_EQ(checked_time(instance, schedule_bounded_degree_broadcast(instance)), 7.0);
}
