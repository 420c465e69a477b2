#include <hbcast/cluster/lcf_no_idle.hpp>

#include "cluster_test_support.hpp"

#include <hbcast/cluster/lcf.hpp>

using namespace hbcast;
using hbcast::test::checked_time;

TEST(LcfNoIdle, HoldersDoNotWaitForLocalPhases)
{
  // Source: -> cluster 1 at 0 (full at 3), -> cluster 2 at 2 (arrives 4, full 5); cluster 1's
  // first node -> cluster 3 at 3 (arrives 5). Broadcast time 5, against 6 for LCF as stated.
  const auto instance = cluster_instance({1, 2, 2, 1}, 2);
  EXPECT_DOUBLE_EQ(checked_time(instance, schedule_lcf_no_idle(instance)), 5.0);
  EXPECT_DOUBLE_EQ(checked_time(instance, schedule_lcf(instance)), 6.0);
}

TEST(LcfNoIdle, SameAsLcfWithOneGlobalStep)
{
  // One global step: nobody waits for a local phase, so no idling to save (Lcf.OneGlobalStep).
  const auto instance = cluster_instance({4, 3, 2, 1, 1}, 3);
  const double no_idle = checked_time(instance, schedule_lcf_no_idle(instance));
  EXPECT_DOUBLE_EQ(no_idle, 7.0);
  EXPECT_EQ(no_idle, checked_time(instance, schedule_lcf(instance)));
}
