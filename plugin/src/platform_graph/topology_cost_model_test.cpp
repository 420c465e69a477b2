#include <hbcast/platform_graph/topology_cost_model.hpp>

#include <gtest/gtest.h>

#include <cmath>

using namespace hbcast;

TEST(TopologyCostModel, LinkTimesOnEdgesInfinityElsewhere)
{
  TopologyGraph graph(3);
  graph.add_link(0, 1, 0.5, 4.0);
  graph.set_send_overhead(1, 0.25, 0.125);
  const TopologyCostModel costs(graph);
  EXPECT_EQ(costs.size(), 3u);
  EXPECT_DOUBLE_EQ(costs.transfer_time(0, 1, 8.0), 2.5);
  EXPECT_TRUE(std::isinf(costs.transfer_time(1, 0, 8.0)));
  EXPECT_TRUE(std::isinf(costs.transfer_time(0, 2, 0.0)));
  EXPECT_DOUBLE_EQ(costs.transfer_time(2, 2, 8.0), 0.0);
  EXPECT_DOUBLE_EQ(costs.send_overhead(1, 8.0), 0.25 + 8.0 * 0.125);
}
