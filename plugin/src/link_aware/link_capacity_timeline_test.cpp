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

TEST(LinkCapacityTimeline, OnACircleAPromiseWrapsAround)
{
  // Period 1: a promise over [0.8, 1.3) holds over [0.8, 1) and [0, 0.3) of every turn. A 0.5 s
  // data phase on the same 100 B/s backbone fits from 0.3 (to 0.8) and, from 1.1, at 1.3.
  const auto links = cluster(100);
  LinkCapacityTimeline timeline(links, 1.0);
  timeline.reserve(*links.route(0, 1), 0.8, 1.3);
  EXPECT_DOUBLE_EQ(timeline.earliest_start(*links.route(2, 3), 0.0, 0.5), 0.3);
  EXPECT_DOUBLE_EQ(timeline.earliest_start(*links.route(2, 3), 1.1, 0.5), 1.3);
  EXPECT_DOUBLE_EQ(timeline.earliest_start(*links.route(2, 3), 5.4, 0.3), 5.4);
  // 0.6 s fits in no residue (0.5 s are free per turn): none in one turn.
  EXPECT_EQ(timeline.earliest_start(*links.route(2, 3), 0.0, 0.6), std::numeric_limits<double>::infinity());
  // A data phase longer than the period never fits; a bound on the start is honoured.
  EXPECT_EQ(timeline.earliest_start(*links.route(2, 3), 0.0, 1.5), std::numeric_limits<double>::infinity());
  EXPECT_EQ(timeline.earliest_start(*links.route(2, 3), 0.0, 0.5, 0.2), std::numeric_limits<double>::infinity());
}

TEST(LinkCapacityTimeline, ADataPhaseOfOnePeriodFillsTheCircle)
{
  // A latency-free transfer paced at its own length: start + data comes out a rounding longer
  // than the period ((0.1 + 0.3) - 0.1 > 0.3 in doubles) and still fills the circle exactly once.
  const auto links = cluster(100);
  LinkCapacityTimeline timeline(links, 0.3);
  ASSERT_GT((0.1 + 0.3) - 0.1, 0.3);
  timeline.reserve(*links.route(0, 1), 0.1, 0.1 + 0.3);
  EXPECT_EQ(timeline.earliest_start(*links.route(2, 3), 0.0, 0.1), std::numeric_limits<double>::infinity());
  EXPECT_THROW(timeline.reserve(*links.route(2, 3), 0.0, 0.31), std::invalid_argument);
}

TEST(LinkCapacityTimeline, OnACircleTwoHalfRatesShareALink)
{
  // A 200 B/s backbone carries two 100 B/s flows at once on the circle too.
  const auto links = cluster(200);
  LinkCapacityTimeline timeline(links, 2.0);
  timeline.reserve(*links.route(0, 1), 1.5, 2.5);
  EXPECT_DOUBLE_EQ(timeline.earliest_start(*links.route(2, 3), 1.5, 1.0), 1.5);
  timeline.reserve(*links.route(2, 3), 1.5, 2.5);
  // A third flow (host 1 to host 0) must avoid [1.5, 2) and [0, 0.5) of each turn.
  EXPECT_DOUBLE_EQ(timeline.earliest_start(*links.route(1, 0), 0.0, 1.0), 0.5);
}

TEST(LinkCapacityTimeline, AFatpipeKeepsFlowsOfDifferentLatenciesApart)
{
  // Cluster 0's FATPIPE backbone (100 B/s) bottlenecks every flow from its hosts; flows inside it
  // have 2 ms of latency, flows to cluster 1 6 ms. Two flows inside share it freely; a flow to
  // cluster 1 would be held at a third of its rate (SimGrid's penalty rule), so it waits.
  LinkedCluster first;
  first.hosts = 2;
  first.host_bandwidth = 200;
  first.host_latency = 1e-3;
  first.backbone_bandwidth = 100;
  first.backbone_latency = 0;
  first.backbone_sharing = LinkSharing::fatpipe;
  first.uplink_bandwidth = 1000;
  first.uplink_latency = 2e-3;
  LinkedCluster second = first;
  second.hosts = 1;
  second.backbone_bandwidth = 1000;
  const ClusteredLinkModel links({first, second});
  LinkCapacityTimeline timeline(links);
  timeline.reserve(*links.route(0, 1), 2e-3, 1.0);
  EXPECT_DOUBLE_EQ(timeline.earliest_start(*links.route(1, 0), 0.0, 1.0), 0.0);
  // 1 -> 2: its data phase (from t + 6 ms) must begin once 0 -> 1's ends at 1 s.
  EXPECT_DOUBLE_EQ(timeline.earliest_start(*links.route(1, 2), 0.0, 1.0) + 6e-3, 1.0);
}
