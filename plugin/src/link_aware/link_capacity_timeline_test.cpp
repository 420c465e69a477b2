#include <hbcast/link_aware/link_capacity_timeline.hpp>
#include <hbcast/model/clustered_link_model.hpp>

#include "../../tests/support/linked_clusters.hpp"

#include <gtest/gtest.h>

using namespace hbcast;

namespace {

// One cluster of 4 hosts, 100 B/s host links without latency, backbone `backbone` B/s.
ClusteredLinkModel cluster(double backbone, LinkSharing sharing = LinkSharing::shared)
{
  return ClusteredLinkModel({test_support::latency_free_cluster(4, 100, backbone, sharing)});
}

}  // namespace

TEST(LinkCapacityTimeline, AnIdleRouteStartsAtOnce)
{
  const auto links = cluster(100);
  LinkCapacityTimeline timeline(links);
  EXPECT_EQ(timeline.earliest_start(*links.route(0, 1), 3.0, 1.0), 3.0);
}

TEST(LinkCapacityTimeline, AFullBackboneDelaysTheNextTransferToTheEndOfTheFirst)
{
  // 0->1 uses the 100 B/s backbone fully over [0, 2); 2->3 (other hosts) must wait for it.
  const auto links = cluster(100);
  LinkCapacityTimeline timeline(links);
  timeline.reserve(*links.route(0, 1), 0.0, 2.0);
  EXPECT_EQ(timeline.earliest_start(*links.route(2, 3), 0.0, 1.0), 2.0);
  EXPECT_EQ(timeline.earliest_start(*links.route(2, 3), 2.5, 1.0), 2.5);
}

TEST(LinkCapacityTimeline, TwoTransfersFitWhereTheBackboneCarriesBoth)
{
  const auto links = cluster(200);
  LinkCapacityTimeline timeline(links);
  timeline.reserve(*links.route(0, 1), 0.0, 2.0);
  EXPECT_EQ(timeline.earliest_start(*links.route(2, 3), 0.0, 1.0), 0.0);
  timeline.reserve(*links.route(2, 3), 0.0, 1.0);
  // A third fits only once 2->3 is over (at 1); its own links (host 1 down is busy until 2) too.
  EXPECT_EQ(timeline.earliest_start(*links.route(3, 2), 0.0, 1.0), 1.0);
  EXPECT_EQ(timeline.earliest_start(*links.route(2, 1), 0.0, 1.0), 2.0);
}

TEST(LinkCapacityTimeline, AGapTooShortIsSkipped)
{
  // Backbone busy [0,1) and [1.5,3): a transfer of 1 s cannot use the 0.5 s gap.
  const auto links = cluster(100);
  LinkCapacityTimeline timeline(links);
  timeline.reserve(*links.route(0, 1), 0.0, 1.0);
  timeline.reserve(*links.route(0, 1), 1.5, 3.0);
  EXPECT_EQ(timeline.earliest_start(*links.route(2, 3), 0.0, 0.5), 1.0);
  EXPECT_EQ(timeline.earliest_start(*links.route(2, 3), 0.0, 1.0), 3.0);
}

TEST(LinkCapacityTimeline, AFatpipeNeverBinds)
{
  const auto links = cluster(100, LinkSharing::fatpipe);
  LinkCapacityTimeline timeline(links);
  timeline.reserve(*links.route(0, 1), 0.0, 2.0);
  EXPECT_EQ(timeline.earliest_start(*links.route(2, 3), 0.0, 1.0), 0.0);
}

TEST(LinkCapacityTimeline, TheLatencyShiftsTheDataPhase)
{
  // Host latency 0.25 s: a route crosses 2 host links, 0.5 s before its data phase.
  LinkedCluster c;
  c.hosts = 4;
  c.host_bandwidth = 100;
  c.host_latency = 0.25;
  c.backbone_bandwidth = 100;
  c.backbone_latency = 0;
  const ClusteredLinkModel links({c});
  LinkCapacityTimeline timeline(links);
  timeline.reserve(*links.route(0, 1), 0.5, 2.5);
  // Data phase must start at 2.5, so the transfer starts at 2.0.
  EXPECT_DOUBLE_EQ(timeline.earliest_start(*links.route(2, 3), 0.0, 1.0), 2.0);
}
