#include <hbcast/cluster/lcf_m.hpp>

#include "cluster_test_support.hpp"

#include <vector>

using namespace hbcast;
using hbcast::test::checked_time;

namespace {

struct LcfMCase {
  const char* stop;
  std::size_t m;
  std::size_t holders;                // nodes holding the message when LCF(m) stops
  std::vector<std::size_t> informed;  // per cluster: the schedule is checked as a multicast to them
  double time;
};

}  // namespace

TEST(LcfM, StopsAsSoonAsMNodesHoldTheMessage)
{
  const LcfMCase cases[] = {
      // m = 3: K0 doubles 1 -> 2 -> 4 by t = 2 and stops (4 >= 3), before any global step.
      {"in the middle of a local phase", 3, 4, {4, 0, 0, 0, 0}, 2.0},
      // m = 5: 4 holders < 5, one global step reaches the 4 clusters at t = 5: 8 holders, stop.
      {"after a global step", 5, 8, {4, 1, 1, 1, 1}, 5.0},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.stop);
    auto instance = cluster_instance({4, 3, 2, 1, 1}, 3);
    const auto schedule = schedule_lcf_m(instance, c.m);
    EXPECT_EQ(schedule.transfers.size() + 1, c.holders);  // the source and one node per transfer
    instance.multicast_counts = c.informed;
    EXPECT_DOUBLE_EQ(checked_time(instance, schedule), c.time);
  }
}
