#include <hbcast/model/topology_graph.hpp>

#include <gtest/gtest.h>

using namespace hbcast;

TEST(TopologyGraph, LinksAreDirectedWithAffineTimes)
{
  TopologyGraph graph(3);
  graph.add_link(0, 1, 0.5, 4.0);  // T_01(8) = 0.5 + 8 / 4 = 2.5
  graph.add_link(1, 2, 0.0, 2.0);
  EXPECT_TRUE(graph.has_link(0, 1));
  EXPECT_FALSE(graph.has_link(1, 0));
  EXPECT_DOUBLE_EQ(graph.link_time(0, 1, 8.0), 2.5);
  EXPECT_THROW(graph.link_time(1, 0, 8.0), std::out_of_range);
  EXPECT_THROW(graph.add_link(0, 1, 0.0, 1.0), std::invalid_argument);
  EXPECT_THROW(graph.add_link(2, 2, 0.0, 1.0), std::invalid_argument);
  EXPECT_EQ(graph.links(), (std::vector<std::pair<NodeId, NodeId>>{{0, 1}, {1, 2}}));
  EXPECT_EQ(graph.link_times(8.0), (std::vector<double>{2.5, 4.0}));
}

TEST(TopologyGraph, FirstUnreachedHostFollowsDirectedLinks)
{
  // 0 -> 1 -> 2, 3 -> 1: from 0 only host 3 is missed; from 2 nothing but itself is reached.
  TopologyGraph graph(4);
  graph.add_link(0, 1, 0.0, 1.0);
  graph.add_link(1, 2, 0.0, 1.0);
  graph.add_link(3, 1, 0.0, 1.0);
  EXPECT_EQ(graph.first_unreached_from(0), 3u);
  EXPECT_EQ(graph.first_unreached_from(2), 0u);
  EXPECT_EQ(graph.first_unreached_from(3), 0u);
  graph.add_link(2, 3, 0.0, 1.0);
  graph.add_link(2, 0, 0.0, 1.0);
  EXPECT_EQ(graph.first_unreached_from(0), kNoNode);
  EXPECT_EQ(graph.first_unreached_from(3), kNoNode);
  EXPECT_EQ(TopologyGraph(1).first_unreached_from(0), kNoNode);
}

TEST(TopologyGraph, FromGeneratedPlatformDoublesUndirectedLinks)
{
  PlatformGraph platform(PlatformGraph::Shape::routed_graph, {"a", "b", "c"});
  platform.add_link({0, 1, 1e8, 1e-3, false});
  platform.add_link({1, 2, 5e7, 0.0, false});
  platform.set_send_overhead(1, {0.5e-3, 1e8 / 0.8});
  auto graph = TopologyGraph::from_platform_graph(platform);
  EXPECT_EQ(graph.link_count(), 4u);
  EXPECT_DOUBLE_EQ(graph.link_time(2, 1, 1e6), 0.02);
  EXPECT_DOUBLE_EQ(graph.send_overhead(1, 1e6), 0.5e-3 + 0.008);
}
