#include <hbcast/cluster/platform_cluster_model.hpp>

#include <hbcast/cluster/two_level_cost_model.hpp>

#include <gtest/gtest.h>

using namespace hbcast;

TEST(PlatformClusterModel, RecoversTheTwoLevelModelWithSingletons)
{
  // Hosts 0-2 | 3 | 4 | 5-6 | 7: intra 2 ms, inter 5 x 2 ms. The singletons 3, 4 and 7 are all 10 ms
  // from everyone, so latency grouping alone would join them; they must stay separate clusters.
  const TwoLevelCostModel costs({0, 0, 0, 1, 2, 3, 3, 4}, 2e-3, 5);
  const PlatformClusterModel model = platform_cluster_model(costs, 1e6, 5);
  EXPECT_EQ(model.instance.sizes, (std::vector<std::size_t>{2, 3, 1, 1, 1}));
  EXPECT_EQ(model.host_of_node.front(), 5u);  // the root is node 0 of cluster 0
  EXPECT_DOUBLE_EQ(model.time_unit, 2e-3);
  EXPECT_DOUBLE_EQ(model.instance.global_cost, 5.0);
  EXPECT_EQ(model.cluster_of_host[6], 0u);
  EXPECT_THROW(platform_cluster_model(costs, 1e6, 8), std::invalid_argument);
}
