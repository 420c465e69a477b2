#include <hbcast/eval/contention_analysis.hpp>
#include <hbcast/model/clustered_link_model.hpp>
#include <hbcast/model/link_cost_model.hpp>

#include <gtest/gtest.h>

#include <memory>

using namespace hbcast;

namespace {

// One cluster of `hosts` hosts, 100 B/s host links, no latency; a backbone of `backbone` B/s.
std::shared_ptr<ClusteredLinkModel> cluster(std::size_t hosts, double backbone)
{
  LinkedCluster c;
  c.hosts = hosts;
  c.host_bandwidth = 100;
  c.host_latency = 0;
  c.backbone_bandwidth = backbone;
  c.backbone_latency = 0;
  return std::make_shared<ClusteredLinkModel>(std::vector<LinkedCluster>{c});
}

// A binomial tree on 4 hosts: 0 -> 2 then 0 -> 1 while 2 -> 3 (each 100 bytes, 1 s).
BroadcastTree binomial4()
{
  BroadcastTree tree(4, 0);
  tree.add_child(0, 2);
  tree.add_child(0, 1);
  tree.add_child(2, 3);
  return tree;
}

}  // namespace

TEST(TimedTransfers, StartsAndEndsFollowTheAtomicEvaluator)
{
  const auto links = cluster(4, 100);
  const auto transfers = timed_transfers(binomial4(), LinkCostModel(links), 100, PortModel::one_port);
  ASSERT_EQ(transfers.size(), 3u);
  // Depth first from the root: 0->2 [0,1), 0->1 [1,2), then 2->3 [1,2).
  EXPECT_EQ(transfers[0].to, 2u);
  EXPECT_DOUBLE_EQ(transfers[0].start, 0.0);
  EXPECT_DOUBLE_EQ(transfers[0].end, 1.0);
  EXPECT_EQ(transfers[1].to, 1u);
  EXPECT_DOUBLE_EQ(transfers[1].start, 1.0);
  EXPECT_EQ(transfers[2].to, 3u);
  EXPECT_DOUBLE_EQ(transfers[2].start, 1.0);
  EXPECT_DOUBLE_EQ(transfers[2].end, 2.0);
}

TEST(ContentionAnalysis, TwoFlowsOnABackboneOfOneFlowAreTwiceOver)
{
  const auto links = cluster(4, 100);
  const auto report = analyze_contention(timed_transfers(binomial4(), LinkCostModel(links), 100, PortModel::one_port),
                                         *links);
  ASSERT_EQ(report.links.size(), 1u);
  const auto& backbone = report.links[0];
  EXPECT_EQ(backbone.link, links->backbone(0));
  EXPECT_EQ(backbone.name, "c0_backbone");
  EXPECT_DOUBLE_EQ(backbone.peak_ratio, 2.0);
  EXPECT_DOUBLE_EQ(backbone.overloaded_time, 1.0);
  ASSERT_EQ(backbone.intervals.size(), 1u);
  EXPECT_DOUBLE_EQ(backbone.intervals[0].start, 1.0);
  EXPECT_DOUBLE_EQ(backbone.intervals[0].end, 2.0);
  EXPECT_EQ(backbone.intervals[0].transfers, (std::vector<std::size_t>{1, 2}));
  EXPECT_DOUBLE_EQ(report.worst_ratio(), 2.0);
}

TEST(ContentionAnalysis, ABackboneForBothIsNotOverSubscribed)
{
  const auto links = cluster(4, 200);
  const auto report = analyze_contention(timed_transfers(binomial4(), LinkCostModel(links), 100, PortModel::one_port),
                                         *links);
  EXPECT_TRUE(report.links.empty());
  EXPECT_EQ(report.worst_ratio(), 0.0);
}

TEST(ContentionAnalysis, MultiPortSendsShareTheSendersLink)
{
  // Multi-port flat tree, no send overhead: 0 sends to 1, 2, 3 at once; its up link carries 3 flows.
  const auto links = cluster(4, 1e9);
  BroadcastTree flat(4, 0);
  for (NodeId v : {1, 2, 3})
    flat.add_child(0, v);
  const auto report =
      analyze_contention(timed_transfers(flat, LinkCostModel(links), 100, PortModel::multi_port), *links);
  ASSERT_EQ(report.links.size(), 1u);
  EXPECT_EQ(report.links[0].name, "c0-0_UP");
  EXPECT_DOUBLE_EQ(report.links[0].peak_ratio, 3.0);
  EXPECT_EQ(report.links[0].intervals[0].transfers.size(), 3u);
}

TEST(ContentionAnalysis, TransfersThatTouchDoNotOverlap)
{
  // A chain 0 -> 1 -> 2 -> 3 on a one-flow backbone: each starts as the previous ends.
  const auto links = cluster(4, 100);
  BroadcastTree chain(4, 0);
  chain.add_child(0, 1);
  chain.add_child(1, 2);
  chain.add_child(2, 3);
  EXPECT_TRUE(analyze_contention(timed_transfers(chain, LinkCostModel(links), 100, PortModel::one_port), *links)
                  .links.empty());
}
