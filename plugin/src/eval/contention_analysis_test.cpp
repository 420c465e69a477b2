#include <hbcast/eval/atomic_evaluator.hpp>
#include <hbcast/eval/contention_analysis.hpp>
#include <hbcast/model/clustered_link_model.hpp>
#include <hbcast/model/link_cost_model.hpp>

#include <gtest/gtest.h>

#include "../../tests/support/linked_clusters.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <memory>
#include <optional>
#include <random>
#include <set>

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
  EXPECT_EQ(backbone.intervals[0].transfers, (std::vector<std::uint32_t>{1, 2}));
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

// Two flows on a backbone of one, both ending at -0.0: the stretch ends at the instant 0.0.
TEST(ContentionAnalysis, MinusZeroIsTheInstantZero)
{
  const auto links = cluster(4, 100);
  const auto report = analyze_contention({{0, 1, -1.0, -0.0}, {2, 3, -0.5, -0.0}}, *links);
  ASSERT_EQ(report.links.size(), 1u);
  ASSERT_EQ(report.links[0].intervals.size(), 1u);
  EXPECT_EQ(report.links[0].intervals[0].start, -0.5);
  EXPECT_EQ(report.links[0].intervals[0].end, 0.0);
  EXPECT_FALSE(std::signbit(report.links[0].intervals[0].end));
  EXPECT_EQ(report.links[0].peak_ratio, 2.0);
}

namespace {

// The reference: every elementary interval between two consecutive event times of a link, its
// demand summed over the transfers whose data phase covers it. Quadratic, obviously right.
// Consecutive over-subscribed intervals form a stretch; stretches of 1e-9 s or less are left out,
// as the analysis documents (two transfers that meet end to start up to rounding).
struct ReferenceLink {
  double peak_ratio = 0.0;
  double overloaded_time = 0.0;
  std::set<std::size_t> transfers;
};

struct Stretch {
  double start = 0.0, end = 0.0, peak = 0.0;
  std::set<std::size_t> transfers;
};

void keep_stretch(const Stretch& stretch, LinkId id, std::map<LinkId, ReferenceLink>& over)
{
  if (!(stretch.end - stretch.start > 1e-9))
    return;
  auto& link = over[id];
  link.peak_ratio = std::max(link.peak_ratio, stretch.peak);
  link.overloaded_time += stretch.end - stretch.start;
  link.transfers.insert(stretch.transfers.begin(), stretch.transfers.end());
}

std::map<LinkId, ReferenceLink> reference_contention(const std::vector<TimedTransfer>& transfers,
                                                     const LinkRouteModel& links)
{
  std::map<LinkId, std::vector<std::size_t>> crossing;  // link -> transfers, once per crossing
  for (std::size_t k = 0; k < transfers.size(); ++k) {
    const auto route = links.route(transfers[k].from, transfers[k].to);  // held: routes may be fresh copies
    for (LinkId id : route->links)
      crossing[id].push_back(k);
  }
  std::map<LinkId, ReferenceLink> over;
  for (const auto& [id, crossers] : crossing) {
    auto phase = [&](std::size_t k) {
      const auto route = links.route(transfers[k].from, transfers[k].to);
      return std::make_pair(transfers[k].start + route->latency, transfers[k].end);
    };
    std::vector<double> times;
    for (std::size_t k : crossers)
      times.insert(times.end(), {phase(k).first, phase(k).second});
    std::sort(times.begin(), times.end());
    times.erase(std::unique(times.begin(), times.end()), times.end());
    std::optional<Stretch> open;
    for (std::size_t i = 0; i + 1 < times.size(); ++i) {
      double demand = 0.0;
      std::set<std::size_t> active;
      // FATPIPE: SimGrid's penalty rule (analyze_contention), the largest rate x latency against
      // the bandwidth x the smallest latency of the flows at the full bandwidth.
      double largest_rate_latency = 0.0, smallest_full_latency = INFINITY;
      const double bandwidth = links.link(id).bandwidth;
      for (std::size_t k : crossers)
        if (phase(k).first <= times[i] && phase(k).second >= times[i + 1]) {
          const auto route = links.route(transfers[k].from, transfers[k].to);
          demand += route->bandwidth;
          active.insert(k);
          const double penalty = route->latency > 0 ? route->latency : 1.0;
          largest_rate_latency = std::max(largest_rate_latency, route->bandwidth * penalty);
          if (route->bandwidth >= bandwidth * (1 - 1e-9))
            smallest_full_latency = std::min(smallest_full_latency, penalty);
        }
      const double ratio = links.link(id).sharing == LinkSharing::shared
                               ? demand / bandwidth
                               : (std::isinf(smallest_full_latency) ? 0.0
                                                                    : largest_rate_latency / (bandwidth * smallest_full_latency));
      if (ratio > 1 + 1e-9) {
        if (!open)
          open = Stretch{times[i], times[i + 1], 0.0, {}};
        open->end = times[i + 1];
        open->peak = std::max(open->peak, ratio);
        open->transfers.insert(active.begin(), active.end());
      } else if (open) {
        keep_stretch(*open, id, over);
        open.reset();
      }
    }
    if (open)
      keep_stretch(*open, id, over);
  }
  return over;
}

// Random transfers between random hosts; in half the cases on a coarse time grid, so that many
// steps share an instant (the ties the sweep must order: ends before starts).
std::vector<TimedTransfer> random_transfers(const LinkRouteModel& links, std::mt19937_64& random)
{
  std::uniform_int_distribution<std::size_t> host(0, links.host_count() - 1), count(1, 300);
  std::uniform_real_distribution<double> time(0.0, 1.0);
  const bool coarse = random() % 2 == 0;
  auto draw = [&] { return coarse ? std::floor(time(random) * 8) / 8 : time(random); };
  std::vector<TimedTransfer> transfers;
  for (std::size_t k = count(random); k > 0 && links.host_count() > 1; --k) {
    const auto from = static_cast<std::uint32_t>(host(random)), to = static_cast<std::uint32_t>(host(random));
    if (from == to)
      continue;
    const double start = draw();
    const double latency = links.route(from, to)->latency;
    transfers.push_back({from, to, start, start + latency + 1.0 / 8 + draw()});
  }
  return transfers;
}

// The analysis against the quadratic reference: the same over-subscribed links, peaks,
// overloaded times and transfers.
void expect_reference_contention(const std::vector<TimedTransfer>& transfers, const LinkRouteModel& links,
                                 std::uint64_t seed)
{
  const auto report = analyze_contention(transfers, links);
  const auto expected = reference_contention(transfers, links);
  ASSERT_EQ(report.links.size(), expected.size()) << "seed " << seed;
  for (const auto& link : report.links) {
    ASSERT_EQ(expected.count(link.link), 1u) << "seed " << seed << " link " << link.name;
    const auto& want = expected.at(link.link);
    EXPECT_NEAR(link.peak_ratio, want.peak_ratio, 1e-9 * want.peak_ratio) << "seed " << seed;
    EXPECT_NEAR(link.overloaded_time, want.overloaded_time, 1e-9) << "seed " << seed;
    std::set<std::size_t> involved;
    for (const auto& interval : link.intervals)
      involved.insert(interval.transfers.begin(), interval.transfers.end());
    EXPECT_EQ(involved, want.transfers) << "seed " << seed << " link " << link.name;
  }
}

// Routes from a table: link 0 (shared, 100 B/s) crossed twice by 0 -> 1, never by 1 -> 0; link 1
// (shared, 100 B/s) by both.
class TwiceCrossed final : public LinkRouteModel {
public:
  std::size_t host_count() const override { return 2; }
  std::shared_ptr<const LinkRoute> route(NodeId from, NodeId) const override
  {
    return std::make_shared<LinkRoute>(
        make_link_route(from == 0 ? std::vector<LinkId>{0, 1, 0} : std::vector<LinkId>{1}, table_));
  }
  const LinkProperties& link(LinkId id) const override { return table_.at(id); }

private:
  std::vector<LinkProperties> table_{{"twice", 100, 0, LinkSharing::shared}, {"both", 100, 0, LinkSharing::shared}};
};

}  // namespace

// A link with as many steps as all the transfers that cross links have, but not one crossing of
// each (0 -> 1 crosses it twice, 1 -> 0 never), swept on its own steps: only 0 -> 1 runs there.
TEST(ContentionAnalysis, ALinkCrossedTwiceByOneTransferIsNotEveryTransfers)
{
  const TwiceCrossed links;
  const std::vector<TimedTransfer> transfers{{0, 1, 0.0, 2.0}, {1, 0, 1.0, 3.0}};
  const auto report = analyze_contention(transfers, links);
  ASSERT_EQ(report.links.size(), 2u);
  EXPECT_EQ(report.links[0].name, "twice");  // 200 B/s on 100 over [0, 2)
  EXPECT_DOUBLE_EQ(report.links[0].overloaded_time, 2.0);
  EXPECT_EQ(report.links[0].intervals.at(0).transfers, (std::vector<std::uint32_t>{0}));
  EXPECT_EQ(report.links[1].name, "both");  // 200 B/s on 100 over [1, 2)
  EXPECT_DOUBLE_EQ(report.links[1].overloaded_time, 1.0);
  EXPECT_EQ(report.links[1].intervals.at(0).transfers, (std::vector<std::uint32_t>{0, 1}));
  expect_reference_contention(transfers, links, 0);
}

// One cluster: every transfer crosses its backbone once, whose steps are then all the steps.
TEST(ContentionAnalysisProperty, OneBackboneEqualsTheQuadraticReference)
{
  for (std::uint64_t seed = 1; seed <= 100; ++seed) {
    std::mt19937_64 random(seed);
    const auto links = cluster(std::uniform_int_distribution<std::size_t>(2, 40)(random), 100.0 * (1 + random() % 8));
    expect_reference_contention(random_transfers(*links, random), *links, seed);
  }
}

// The sweep (grouping by link, radix sort, active sets) against the quadratic reference on random
// multi-cluster platforms: the same over-subscribed links, peaks, overloaded times and transfers.
TEST(ContentionAnalysisProperty, EqualsTheQuadraticReference)
{
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    std::mt19937_64 random(seed);
    const auto links = test_support::random_linked_clusters(random);
    expect_reference_contention(random_transfers(*links, random), *links, seed);
  }
}

namespace {

// Clusters of up to 200 hosts each; in half the cases all alike (a tree's rounds start and end at
// once: the ranked clock), else unlike (many distinct times).
std::shared_ptr<ClusteredLinkModel> random_clusters(std::mt19937_64& random)
{
  const bool alike = random() % 2 == 0;
  std::vector<LinkedCluster> clusters(1 + random() % 4);
  for (auto& c : clusters) {
    c.hosts = 1 + random() % 200;
    c.host_bandwidth = alike ? 100 : 100 * (1 + random() % 5);
    c.backbone_bandwidth = c.host_bandwidth * (1 + random() % 4);
    c.backbone_sharing = random() % 4 == 0 ? LinkSharing::fatpipe : LinkSharing::shared;
    c.uplink_bandwidth = alike ? 100 : 50 * (1 + random() % 5);
  }
  return std::make_shared<ClusteredLinkModel>(clusters);
}

// Over all hosts from a random root: each node's parent drawn among the nodes before it in a
// random order, or the doubling tree of a binomial broadcast (node i of the order sends to i + 2^k).
BroadcastTree random_broadcast_tree(std::size_t n, std::mt19937_64& random)
{
  std::vector<NodeId> order(n);
  std::iota(order.begin(), order.end(), NodeId{0});
  std::shuffle(order.begin(), order.end(), random);
  const bool doubling = random() % 2 == 0;
  BroadcastTree tree(n, order[0]);
  for (std::size_t i = 1; i < n; ++i) {
    std::size_t power = 1;
    while (2 * power <= i)
      power *= 2;
    tree.add_child(order[doubling ? i - power : random() % i], order[i]);
  }
  return tree;
}

// A link model that checks the analysis' route hints against its look-ups: the i-th hint names the
// i-th route looked up, at most 16 look-ups before it (forwards everything to a real model).
class HintChecker final : public LinkRouteModel {
public:
  explicit HintChecker(const LinkRouteModel& inner) : inner_(inner) {}
  std::size_t host_count() const override { return inner_.host_count(); }
  std::shared_ptr<const LinkRoute> route(NodeId from, NodeId to) const override { return inner_.route(from, to); }
  LinkRouteView route_view(NodeId from, NodeId to, std::shared_ptr<const LinkRoute>& holder) const override
  {
    const std::size_t k = looked_up_++;
    if (k >= hints_.size() || hints_[k].from != from || hints_[k].to != to || k - hints_[k].looked_up_before > 16)
      ++misses_;
    return inner_.route_view(from, to, holder);
  }
  void prefetch_route(NodeId from, NodeId to) const override { hints_.push_back({from, to, looked_up_}); }
  const LinkProperties& link(LinkId id) const override { return inner_.link(id); }

  std::size_t misses() const { return misses_ + (hints_.size() != looked_up_ ? 1 : 0); }

private:
  struct Hint {
    NodeId from, to;
    std::size_t looked_up_before;
  };
  const LinkRouteModel& inner_;
  mutable std::vector<Hint> hints_;
  mutable std::size_t looked_up_ = 0, misses_ = 0;
};

// Equal bit for bit: -0.0 is not 0.0 here.
void expect_same_bits(double actual, double expected, std::uint64_t seed)
{
  EXPECT_TRUE(actual == expected && std::signbit(actual) == std::signbit(expected))
      << "seed " << seed << ": " << actual << " against " << expected;
}

void expect_same_report(const ContentionReport& actual, const ContentionReport& expected, std::uint64_t seed)
{
  ASSERT_EQ(actual.links.size(), expected.links.size()) << "seed " << seed;
  for (std::size_t l = 0; l < actual.links.size(); ++l) {
    const auto &a = actual.links[l], &e = expected.links[l];
    EXPECT_EQ(a.link, e.link) << "seed " << seed;
    EXPECT_EQ(a.name, e.name) << "seed " << seed;
    expect_same_bits(a.peak_ratio, e.peak_ratio, seed);
    expect_same_bits(a.overloaded_time, e.overloaded_time, seed);
    ASSERT_EQ(a.intervals.size(), e.intervals.size()) << "seed " << seed;
    for (std::size_t i = 0; i < a.intervals.size(); ++i) {
      expect_same_bits(a.intervals[i].start, e.intervals[i].start, seed);
      expect_same_bits(a.intervals[i].end, e.intervals[i].end, seed);
      expect_same_bits(a.intervals[i].peak_ratio, e.intervals[i].peak_ratio, seed);
      EXPECT_EQ(a.intervals[i].transfers, e.intervals[i].transfers) << "seed " << seed;
    }
  }
}

}  // namespace

// The tree entry (each transfer timed as it comes, in batches of 256, each route hinted before its
// look-up) against the list of the same transfers, on trees of up to 800 hosts: the same report,
// bit for bit (signed zeros told apart); the list's against the quadratic reference where it is
// small enough.
TEST(ContentionAnalysisProperty, FromTheTreeEqualsFromItsTransfers)
{
  std::size_t contended = 0;
  for (std::uint64_t seed = 1; seed <= 80; ++seed) {
    std::mt19937_64 random(seed);
    const auto links = random_clusters(random);
    const LinkCostModel costs(links);
    const BroadcastTree tree = random_broadcast_tree(links->host_count(), random);
    const auto ready = evaluate_atomic(tree, costs, 100, PortModel::one_port).ready_time;
    const auto transfers = timed_transfers(tree, costs, 100, ready);
    const auto from_list = analyze_contention(transfers, *links);
    const HintChecker hinted(*links);
    expect_same_report(analyze_contention(tree, costs, 100, ready, hinted), from_list, seed);
    EXPECT_EQ(hinted.misses(), 0u) << "seed " << seed;
    contended += from_list.links.empty() ? 0 : 1;
    if (transfers.size() <= 150)
      expect_reference_contention(transfers, *links, seed);
  }
  EXPECT_GT(contended, 20u);  // the reports compared are not all empty
}

namespace {

// Two clusters behind FATPIPE backbones: cluster 0 (hosts 0, 1) has a 100 B/s backbone under
// 200 B/s host links, so every flow leaving a host of it runs at 100 B/s; routes inside it have
// 2 ms of latency, routes to cluster 1 (host 2) 6 ms (host links 1 ms, uplinks 2 ms).
std::shared_ptr<ClusteredLinkModel> fatpipe_pair()
{
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
  return std::make_shared<ClusteredLinkModel>(std::vector<LinkedCluster>{first, second});
}

}  // namespace

TEST(ContentionAnalysis, AFatpipeSlowsAFlowOfLongerLatency)
{
  // SimGrid gives flow i on a saturated FATPIPE link C p_min / p_i (its sharing penalty p_i, the
  // route latency): 0 -> 1 (2 ms) and 1 -> 2 (6 ms) both run at the backbone's 100 B/s, so the
  // backbone holds the second at 100 x 2 / 6: over-subscribed by 6 / 2 = 3 while both send data,
  // from 6 ms (the second's latency) to 10 s.
  const auto links = fatpipe_pair();
  const std::vector<TimedTransfer> transfers{{0, 1, 0.0, 10.0}, {1, 2, 0.0, 10.0}};
  const auto report = analyze_contention(transfers, *links);
  ASSERT_EQ(report.links.size(), 1u);
  EXPECT_EQ(report.links[0].link, links->backbone(0));
  EXPECT_NEAR(report.links[0].peak_ratio, 3.0, 1e-12);
  ASSERT_EQ(report.links[0].intervals.size(), 1u);
  EXPECT_DOUBLE_EQ(report.links[0].intervals[0].start, 6e-3);
  EXPECT_DOUBLE_EQ(report.links[0].intervals[0].end, 10.0);
  EXPECT_EQ(report.links[0].intervals[0].transfers, (std::vector<std::uint32_t>{0, 1}));
}

TEST(ContentionAnalysis, AFatpipeNeverSlowsFlowsOfEqualLatency)
{
  // Two flows inside cluster 0 (2 ms each) at the backbone's full 100 B/s: each may use all of it.
  const auto links = fatpipe_pair();
  EXPECT_TRUE(analyze_contention({{0, 1, 0.0, 10.0}, {1, 0, 0.0, 10.0}}, *links).links.empty());
  // Nor one at a time, whatever their latencies.
  EXPECT_TRUE(analyze_contention({{0, 1, 0.0, 10.0}, {1, 2, 10.0, 20.0}}, *links).links.empty());
}
