#include <hbcast/link_aware/receiver_groups.hpp>
#include <hbcast/model/clustered_link_model.hpp>

#include <gtest/gtest.h>

using namespace hbcast;

TEST(ReceiverGroups, HostsBehindOneBackboneFormAGroupOrderedByTime)
{
  LinkedCluster fast, slow;
  fast.hosts = 3;
  slow.hosts = 2;
  slow.host_bandwidth = fast.host_bandwidth / 2;
  const ClusteredLinkModel links({fast, slow, fast});
  // Root 1: its own route (no link) is a group of its own, then one group per cluster.
  const auto groups = group_receivers(links, 1, 1e6);
  ASSERT_EQ(groups.members.size(), 4u);
  EXPECT_EQ(groups.members[0], (std::vector<NodeId>{0, 2}));
  EXPECT_EQ(groups.members[1], (std::vector<NodeId>{1}));
  EXPECT_EQ(groups.members[2], (std::vector<NodeId>{3, 4}));
  EXPECT_EQ(groups.members[3], (std::vector<NodeId>{5, 6, 7}));
  for (std::size_t g = 0; g < groups.members.size(); ++g)
    for (NodeId v : groups.members[g])
      EXPECT_EQ(groups.group_of[v], g);
}

TEST(ReceiverGroups, TooManyStructuresFallBackToTimes)
{
  // One host per cluster: every cluster is a group of its own, up to the limit.
  std::vector<LinkedCluster> clusters(ReceiverGroups::kMaxGroups + 10);
  const ClusteredLinkModel links(clusters);
  const auto groups = group_receivers(links, 0, 1e6);
  // All remote hosts have the same latency and bottleneck: the root, and everyone else.
  ASSERT_EQ(groups.members.size(), 2u);
  EXPECT_EQ(groups.members[1].size(), clusters.size() - 1);
}
