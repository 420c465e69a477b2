#include <hbcast/cluster/postal_lcf.hpp>

#include "cluster_test_support.hpp"

using namespace hbcast;
using hbcast::test::checked_time;

TEST(PostalLcf, NodesStartAGlobalSendEveryUnit)
{
  // K0 doubles (t = 1). Window [1, 4): at 1 its nodes send to clusters 1 and 2 (arrive 4), at 2
  // to clusters 3 and 4 (arrive 5). Cluster 1 doubles 4..5. Broadcast time 5.
  auto instance = cluster_instance({2, 2, 1, 1, 1}, 3);
  instance.postal = true;
  const auto schedule = schedule_postal_lcf(instance);
  EXPECT_DOUBLE_EQ(checked_time(instance, schedule), 5.0);
  // In the basic model a sender is busy for C: the same schedule is rejected.
  instance.postal = false;
  EXPECT_THROW(check_schedule(instance, schedule), InvalidClusterSchedule);
}

TEST(PostalLcf, WaitsForTheLocalPhaseBetweenWindows)
{
  // Source alone, C = 2. Window [0, 2): sends at 0 -> cluster 1 (size 4, arrives 2) and at 1 ->
  // cluster 2 (arrives 3). Local phase ceil(log2 4) = 2: next window [4, 6); cluster 1 full at 4,
  // cluster 2 (size 2) full at 4: 1 + 4 + 2 = 7 holders cover the last 2 clusters at 4 (arrive 6).
  auto instance = cluster_instance({1, 4, 2, 1, 1}, 2);
  instance.postal = true;
  EXPECT_DOUBLE_EQ(checked_time(instance, schedule_postal_lcf(instance)), 6.0);
}
