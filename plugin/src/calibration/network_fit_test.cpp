#include <hbcast/calibration/network_fit.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <iostream>
#include <algorithm>
#include <random>
#include <set>

namespace hbcast::calibration {
namespace {

// A truth to measure: every field of CalibratedNetwork set by hand.
CalibratedNetwork two_clusters_with_backbone_and_shared_link()
{
  // Group 1: hosts 0-3, 125 MB/s NICs, 20 us each, a SHARED backbone of 300 MB/s.
  // Group 2: hosts 4-6, 1 GB/s NICs, 5 us each, no backbone. Between them a shared 50 MB/s
  // link of 2 ms each way.
  CalibratedNetwork net;
  for (int h = 0; h < 7; ++h)
    net.hosts.push_back("h" + std::to_string(h));
  for (int h = 0; h < 4; ++h)
    net.host_links.push_back({20e-6, 125e6, 125e6});
  for (int h = 4; h < 7; ++h)
    net.host_links.push_back({5e-6, 1e9, 1e9});
  net.groups = {{{0, 1, 2, 3}, 300e6, {}, {}}, {{4, 5, 6}, {}, {}, {}}};
  net.group_of = {0, 0, 0, 0, 1, 1, 1};
  net.between.assign(2, std::vector<SharedLink>(2));
  net.between[0][1] = net.between[1][0] = {2e-3, 50e6, true, {}};
  return net;
}

std::vector<double> ladder()
{
  std::vector<double> sizes;
  for (double s = 1; s <= 16 * 1048576.0; s *= 2)
    sizes.push_back(s);
  return sizes;
}

// What hbcast-probe would measure on the truth: half round trips of every pair on the ladder,
// and concurrent tests within each group (a ring), between each ordered group pair, out of and
// into each group; each flow sends `messages` messages of 4 MiB one after the other.
MeasurementSet measure(const CalibratedNetwork& truth, const std::vector<double>& sizes)
{
  MeasurementSet set;
  for (const auto& name : truth.hosts)
    set.host(name);
  const std::size_t n = truth.size();
  std::size_t line = 1;
  for (std::size_t u = 0; u < n; ++u)
    for (std::size_t v = u + 1; v < n; ++v)
      for (const double bytes : sizes) {
        PairSample s;
        s.src = u;
        s.dst = v;
        s.bytes = bytes;
        s.seconds = (truth.transfer_time(u, v, bytes) + truth.transfer_time(v, u, bytes)) / 2;
        s.where = {"truth.csv", ++line};
        set.samples.push_back(s);
      }
  const double bytes = 4194304, messages = 4;
  auto add_test = [&](const std::string& label, const std::vector<std::pair<std::size_t, std::size_t>>& flows) {
    if (flows.size() < 2)
      return;
    const auto rates = truth.concurrent_rates(flows);
    ConcurrentTest test{label, {}, {"truth.csv", ++line}};
    const double lf = truth.factors.latency.at(bytes), bf = truth.factors.bandwidth.at(bytes);
    for (std::size_t f = 0; f < flows.size(); ++f) {
      const auto [u, v] = flows[f];
      const double rate = bf * rates[f];  // SMPI scales every link by the size's factor
      test.flows.push_back({u, v, bytes, messages, messages * (lf * truth.latency(u, v) + bytes / rate)});
    }
    set.tests.push_back(test);
  };
  const std::size_t groups = truth.groups.size();
  for (std::size_t g = 0; g < groups; ++g) {
    const auto& members = truth.groups[g].hosts;
    std::vector<std::pair<std::size_t, std::size_t>> ring;
    for (std::size_t k = 0; k < members.size() && members.size() >= 2; ++k)
      ring.emplace_back(members[k], members[(k + 1) % members.size()]);
    add_test("ring", ring);
    for (std::size_t h = 0; h < groups; ++h) {
      if (h == g)
        continue;
      std::vector<std::pair<std::size_t, std::size_t>> cross;
      const auto& other = truth.groups[h].hosts;
      for (std::size_t k = 0; k < std::min(members.size(), other.size()); ++k)
        cross.emplace_back(members[k], other[k]);
      add_test("cross", cross);
    }
    if (groups >= 3) {
      std::vector<std::pair<std::size_t, std::size_t>> out, in;
      std::size_t next = 0;
      for (std::size_t k = 0; k < members.size(); ++k) {
        const std::size_t h = (g + 1 + next++ % (groups - 1)) % groups;
        const auto& other = truth.groups[h].hosts;
        out.emplace_back(members[k], other[k % other.size()]);
        in.emplace_back(other[(k + 1) % other.size()], members[k]);
      }
      // Distinct endpoints only (a test uses each host once per direction).
      auto distinct = [](std::vector<std::pair<std::size_t, std::size_t>> flows) {
        std::vector<std::pair<std::size_t, std::size_t>> kept;
        std::set<std::size_t> senders, receivers;
        for (const auto& [u, v] : flows)
          if (senders.insert(u).second && receivers.insert(v).second)
            kept.emplace_back(u, v);
        return kept;
      };
      add_test("out", distinct(out));
      add_test("in", distinct(in));
    }
  }
  return set;
}

void expect_same_network(const CalibratedNetwork& truth, const CalibratedNetwork& fitted, const std::vector<double>& sizes,
                         double tolerance, const std::string& context)
{
  ASSERT_EQ(fitted.size(), truth.size()) << context;
  for (std::size_t u = 0; u < truth.size(); ++u)
    for (std::size_t v = 0; v < truth.size(); ++v) {
      if (u == v)
        continue;
      for (const double bytes : sizes)
        EXPECT_NEAR(fitted.transfer_time(u, v, bytes) / truth.transfer_time(u, v, bytes), 1.0, tolerance)
              << context << ": " << u << " -> " << v << " at " << bytes << " B";
    }
}

TEST(NetworkFit, RecoversTwoClustersTheirBackboneAndTheirSharedLink)
{
  const auto truth = two_clusters_with_backbone_and_shared_link();
  const auto sizes = ladder();
  const auto fit = fit_network(measure(truth, sizes));
  const auto& net = fit.network;
  ASSERT_EQ(net.groups.size(), 2u);
  EXPECT_EQ(net.groups[0].hosts, (std::vector<std::size_t>{0, 1, 2, 3}));
  // Exact data: one segment, no factor.
  EXPECT_EQ(fit.report.segments, 1u);
  EXPECT_TRUE(net.factors.latency.is_unit());
  EXPECT_TRUE(net.factors.bandwidth.is_unit());
  for (std::size_t h = 0; h < 7; ++h)
    EXPECT_NEAR(net.host_links[h].latency, truth.host_links[h].latency, 1e-12) << h;
  // Lone flows in group 1 reach their NICs (125 MB/s < 300 MB/s): the ring of 4 flows
  // (4 x 125 = 500 MB/s wanted) shows the backbone's 300 MB/s.
  ASSERT_TRUE(net.groups[0].backbone);
  EXPECT_NEAR(*net.groups[0].backbone / 300e6, 1.0, 1e-6);
  EXPECT_FALSE(net.groups[1].backbone);  // 3 x 1 GB/s flows, nothing shared
  EXPECT_NEAR(net.between[0][1].latency, 2e-3, 1e-12);
  EXPECT_TRUE(net.between[0][1].shared);
  EXPECT_NEAR(net.between[0][1].bandwidth / 50e6, 1.0, 1e-6);
  expect_same_network(truth, net, sizes, 1e-6, "two clusters");
  // Every figure is reproduced: the residuals are rounding.
  for (const auto& r : fit.report.pairs)
    EXPECT_NEAR(r.relative(), 0.0, 1e-9);
  for (const auto& t : fit.report.tests)
    EXPECT_NEAR(t.relative(), 0.0, 1e-6) << t.label;
}

bool has_assumption(const Calibration& fit, const std::string& text)
{
  return std::any_of(fit.report.assumptions.begin(), fit.report.assumptions.end(),
                     [&](const std::string& a) { return a.find(text) != std::string::npos; });
}

// Times rounded as a printed measurement rounds them (each off by up to 1e-10 of itself): the
// hosts of a group, alike in truth, get one latency and one bandwidth each, not four figures a
// few ulps apart (a schedule breaking ties between them would break them by that noise).
TEST(NetworkFit, AlikeFiguresComeOutAsOneFigure)
{
  constexpr std::uint64_t kSeed = 7;
  std::mt19937_64 random(kSeed);
  std::uniform_real_distribution<double> noise(-1e-10, 1e-10);
  const auto truth = two_clusters_with_backbone_and_shared_link();
  auto measured = measure(truth, ladder());
  for (auto& sample : measured.samples)
    sample.seconds *= 1 + noise(random);
  const auto fit = fit_network(measured);
  const auto& hosts = fit.network.host_links;
  for (const std::size_t h : {1, 2, 3}) {
    EXPECT_EQ(hosts[h].latency, hosts[0].latency) << "seed " << kSeed << ", host " << h;
    EXPECT_EQ(hosts[h].up, hosts[0].up) << "seed " << kSeed << ", host " << h;
    EXPECT_EQ(hosts[h].down, hosts[0].down) << "seed " << kSeed << ", host " << h;
  }
  for (const std::size_t h : {5, 6}) {
    EXPECT_EQ(hosts[h].latency, hosts[4].latency) << "seed " << kSeed << ", host " << h;
    EXPECT_EQ(hosts[h].up, hosts[4].up) << "seed " << kSeed << ", host " << h;
  }
  EXPECT_NEAR(hosts[0].latency / 20e-6, 1.0, 1e-8);
  EXPECT_NEAR(hosts[4].up / 1e9, 1.0, 1e-8);
  EXPECT_TRUE(has_assumption(fit, "taken as their median"));
}

// The link between the groups is as fast as group 1's NICs (125 MB/s): 3 flows across it (375
// MB/s wanted) stall at 125 MB/s, but their aggregate over the window reads 2e-4 high, as a
// simulated test's start and finish effects make it. Within 0.1% of the NICs' measured
// bandwidth, the capacity is that bandwidth.
TEST(NetworkFit, ACapacityNextToABandwidthMeasuredAloneIsThatBandwidth)
{
  auto truth = two_clusters_with_backbone_and_shared_link();
  truth.between[0][1].bandwidth = truth.between[1][0].bandwidth = 125e6;
  auto measured = measure(truth, ladder());
  std::size_t read_high = 0;
  for (auto& test : measured.tests) {
    const bool across = std::all_of(test.flows.begin(), test.flows.end(), [&](const auto& flow) {
      return truth.group_of[flow.src] != truth.group_of[flow.dst];
    });
    if (!across)
      continue;
    for (auto& flow : test.flows) {
      const double latency = flow.messages * truth.latency(flow.src, flow.dst);
      flow.seconds = latency + (flow.seconds - latency) / (1 + 2e-4);
    }
    ++read_high;
  }
  ASSERT_GT(read_high, 0u);
  const auto fit = fit_network(measured);
  const auto& net = fit.network;
  ASSERT_TRUE(net.between[0][1].shared);
  EXPECT_EQ(net.between[0][1].bandwidth, net.host_links[0].up);
  EXPECT_NEAR(net.between[0][1].bandwidth / 125e6, 1.0, 1e-9);
  EXPECT_TRUE(has_assumption(fit, "taken as that bandwidth"));
}

// SimGrid's two-level FAT_TREE "2;4,4;1,2;1,2" (4 leaves of 4 hosts, 2 spines, 2 cables from each
// leaf to each spine, 125 MB/s and 50 us per link): a flow from position s to t goes up on cable
// t mod 4 (spine t mod 2) and down on cable s mod 2, so which flows collide depends on the pair.
// The fit finds the fat-tree from the latencies (100 us within a leaf, 200 us across) and the
// concurrent tests, and its model gives every test the truth's rates.
TEST(NetworkFit, RecoversATwoLevelFatTreeFromItsConcurrentTests)
{
  CalibratedNetwork truth;
  FatTreeShape shape;
  shape.hosts_per_leaf = 4;
  shape.leaves = 4;
  shape.spines = 2;
  shape.cables = 2;
  shape.bandwidth = 125e6;
  shape.latency = 50e-6;
  truth.groups.resize(4);
  truth.between.assign(4, std::vector<SharedLink>(4));
  for (std::size_t i = 0; i < 16; ++i) {
    truth.hosts.push_back("node-" + std::to_string(i));
    truth.host_links.push_back({50e-6, 125e6, 125e6});
    truth.group_of.push_back(i / 4);
    truth.groups[i / 4].hosts.push_back(i);
    shape.position.push_back(i);
  }
  truth.fat_tree = shape;
  const auto sizes = ladder();
  const auto measured = measure(truth, sizes);
  const auto fit = fit_network(measured);
  const auto& net = fit.network;
  ASSERT_TRUE(net.fat_tree.has_value());
  EXPECT_EQ(net.fat_tree->hosts_per_leaf, 4u);
  EXPECT_EQ(net.fat_tree->leaves, 4u);
  EXPECT_EQ(net.fat_tree->spines * net.fat_tree->cables, 4u);  // full bisection, as the truth
  EXPECT_NEAR(net.fat_tree->bandwidth, 125e6, 1e-3);
  EXPECT_NEAR(net.fat_tree->latency, 50e-6, 1e-12);
  expect_same_network(truth, net, sizes, 1e-9, "fat-tree");
  for (const auto& test : measured.tests) {
    std::vector<std::pair<std::size_t, std::size_t>> flows;
    for (const auto& flow : test.flows)
      flows.emplace_back(flow.src, flow.dst);
    const auto want = truth.concurrent_rates(flows), got = net.concurrent_rates(flows);
    for (std::size_t f = 0; f < flows.size(); ++f)
      EXPECT_NEAR(got[f] / want[f], 1.0, 1e-9) << test.label << " flow " << f;
  }
  // Two clusters behind a backbone are not a fat-tree.
  EXPECT_FALSE(fit_network(measure(two_clusters_with_backbone_and_shared_link(), sizes)).network.fat_tree);
}

TEST(NetworkFit, RecoversSmpiDefaultFactorsWhereTheySpanTwoMeasuredSizes)
{
  // SMPI's default factors over the two clusters: every size of the ladder is reproduced at large
  // sizes exactly; the factors are 1 for the largest sizes (the links carry what they see).
  CalibratedNetwork truth = two_clusters_with_backbone_and_shared_link();
  truth.factors = smpi_default_factors();
  const auto sizes = ladder();
  const auto fit = fit_network(measure(truth, sizes));
  const auto& net = fit.network;
  EXPECT_GT(fit.report.segments, 1u);
  // Large messages: exact.
  std::vector<double> large;
  for (double s = 131072; s <= 16 * 1048576.0; s *= 2)
    large.push_back(s);
  expect_same_network(truth, net, large, 1e-6, "large sizes");
  EXPECT_NEAR(net.factors.latency.at(4194304), 1.0, 1e-9);
  // The platform's latency is SMPI's large-message latency: 11.6436 x the truth's.
  EXPECT_NEAR(net.host_links[5].latency / truth.host_links[5].latency, 11.6436, 1e-6);
  // Links are what large messages see: SMPI scales every link by the size's bandwidth factor, so
  // the backbone and the shared link come out at 0.940694 x their truth, as the host links.
  ASSERT_TRUE(net.groups[0].backbone);
  EXPECT_NEAR(*net.groups[0].backbone / (0.940694 * 300e6), 1.0, 1e-6);
  EXPECT_NEAR(net.between[0][1].bandwidth / (0.940694 * 50e6), 1.0, 1e-6);
  EXPECT_NEAR(net.host_links[0].up / (0.940694 * 125e6), 1.0, 1e-6);
}

TEST(NetworkFit, RandomClusterPlatformsAreRecovered)
{
  // Property: random groups (1-4), host latencies and bandwidths, optional backbones, links
  // between groups shared or not; the fit reproduces every lone transfer within 1e-6.
  for (unsigned seed = 1; seed <= 40; ++seed) {
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<int> group_count(1, 4), group_size(2, 5);
    std::uniform_real_distribution<double> unit(0, 1);
    CalibratedNetwork truth;
    const int groups = group_count(rng);
    truth.between.assign(groups, std::vector<SharedLink>(groups));
    for (int g = 0; g < groups; ++g) {
      HostGroup group;
      const int size = group_size(rng);
      const double nic = 100e6 * (1 + 9 * unit(rng));
      for (int k = 0; k < size; ++k) {
        group.hosts.push_back(truth.hosts.size());
        truth.group_of.push_back(g);
        truth.hosts.push_back("g" + std::to_string(g) + "-" + std::to_string(k));
        truth.host_links.push_back({10e-6 * (1 + unit(rng)), nic, nic});
      }
      if (unit(rng) < 0.5)
        group.backbone = nic * (1 + 2 * unit(rng));
      truth.groups.push_back(group);
    }
    for (int g = 0; g < groups; ++g)
      for (int h = g + 1; h < groups; ++h) {
        // Groups stand apart by 1-10 ms; a link slower than the NICs half of the time.
        const double latency = 1e-3 * (1 + 9 * unit(rng));
        const bool limited = unit(rng) < 0.5;
        const SharedLink link{latency, limited ? 20e6 * (1 + unit(rng)) : 1e12, limited, {}};
        truth.between[g][h] = truth.between[h][g] = link;
      }
    const auto sizes = ladder();
    const auto fit = fit_network(measure(truth, sizes));
    EXPECT_EQ(fit.network.groups.size(), truth.groups.size()) << "seed " << seed;
    expect_same_network(truth, fit.network, sizes, 1e-6, "seed " + std::to_string(seed));
    if (HasFailure())
      break;
  }
}

TEST(NetworkFit, RefusesOrFillsUnmeasuredPairs)
{
  const auto truth = two_clusters_with_backbone_and_shared_link();
  auto set = measure(truth, ladder());
  set.samples.erase(std::remove_if(set.samples.begin(), set.samples.end(),
                                   [](const PairSample& s) { return s.src == 0 && s.dst == 5; }),
                    set.samples.end());
  const auto filled = fit_network(set);
  ASSERT_EQ(filled.report.warnings.size(), 1u);
  EXPECT_EQ(filled.report.warnings[0], "1 pair(s) not measured, filled from the host model: h0 - h5");
  EXPECT_NEAR(filled.network.transfer_time(0, 5, 1e6) / truth.transfer_time(0, 5, 1e6), 1.0, 1e-6);
  FitOptions strict;
  strict.fill_gaps = false;
  try {
    fit_network(set, strict);
    FAIL() << "an unmeasured pair was accepted";
  } catch (const MeasurementError& error) {
    EXPECT_STREQ(error.what(), "input: 1 pair(s) not measured: h0 - h5 (measure them, or let calibrate fill them from "
                               "the host model without --no-fill)");
  }
}

TEST(NetworkFit, RefusesTooFewHostsAndHostsNeverMeasured)
{
  MeasurementSet one;
  one.host("a");
  one.sources.push_back({"one.csv", "hbcast-probe"});
  EXPECT_THROW(fit_network(one), MeasurementError);
  auto set = measure(two_clusters_with_backbone_and_shared_link(), ladder());
  set.host("stranger");
  set.sources.push_back({"probe.csv", "hbcast-probe"});
  try {
    fit_network(set);
    FAIL();
  } catch (const MeasurementError& error) {
    EXPECT_STREQ(error.what(), "probe.csv: host 'stranger' has no usable measurement with any other host");
  }
}

}  // namespace
}  // namespace hbcast::calibration
