#include "max_flow_network.hpp"

#include <gtest/gtest.h>

using namespace hbcast;

// 0 -> 1 (3), 0 -> 2 (2), 1 -> 2 (1), 1 -> 3 (2), 2 -> 3 (3). To 3: 5, all the source can send, so
// the residual search from 0 stops at once. To 2: 0 -> 2 and 0 -> 1 -> 2 give 3; 0 -> 1 keeps 2 of
// residual and 1 -> 3 too, so the source side of the minimum cut is {0, 1, 3}.
TEST(MaxFlowNetwork, MaxFlowMinCutAndLimit)
{
  MaxFlowNetwork network(4, {{0, 1}, {0, 2}, {1, 2}, {1, 3}, {2, 3}});
  network.set_capacities({3, 2, 1, 2, 3}, 1e-12);
  EXPECT_DOUBLE_EQ(network.solve(0, 3, 100.0), 5.0);
  EXPECT_DOUBLE_EQ(network.flow(0) + network.flow(1), 5.0);
  EXPECT_DOUBLE_EQ(network.flow(3) + network.flow(4), 5.0);
  EXPECT_EQ(network.source_side(0), (std::vector<bool>{true, false, false, false}));

  EXPECT_DOUBLE_EQ(network.solve(0, 3, 4.0), 4.0);  // capped by the limit
  EXPECT_DOUBLE_EQ(network.solve(0, 2, 100.0), 3.0);  // 0 -> 2 and 0 -> 1 -> 2
  EXPECT_EQ(network.source_side(0), (std::vector<bool>{true, true, false, true}));

  network.set_capacities({1, 0, 0, 5, 0}, 1e-12);  // 0 -> 1 -> 3 only
  EXPECT_DOUBLE_EQ(network.solve(0, 3, 100.0), 1.0);
  EXPECT_DOUBLE_EQ(network.solve(0, 2, 100.0), 0.0);
}
