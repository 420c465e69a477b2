#include <hbcast/cluster/interleaved_lcf.hpp>

#include "cluster_test_support.hpp"

using namespace hbcast;
using hbcast::test::checked_time;

TEST(InterleavedLcf, AlternatesLocalAndGlobalSlots)
{
  // Source: local slot 0 (-> its neighbour, t = 1), global slot 1 (-> cluster 1, arrives 4),
  // idle local slot 2, global slot 3 (-> cluster 3, arrives 6). Its neighbour: idle local slot 1,
  // global slot 2 (-> cluster 2, arrives 5), idle 3, global slot 4 (-> cluster 4, arrives 7).
  auto instance = cluster_instance({2, 2, 1, 1, 1}, 3);
  instance.postal = true;
  EXPECT_DOUBLE_EQ(checked_time(instance, schedule_interleaved_lcf(instance)), 7.0);
}

TEST(InterleavedLcf, SingleCluster)
{
  // Each node's slots start when it receives: source -> 1 (0..1); node 1 -> 2 (1..2), the source's
  // global slot 1 is idle; source and node 2 -> 3, 4 (2..3). Broadcast time 3 = ceil(log2 5).
  auto instance = cluster_instance({5}, 1);
  instance.postal = true;
  EXPECT_DOUBLE_EQ(checked_time(instance, schedule_interleaved_lcf(instance)), 3.0);
}
