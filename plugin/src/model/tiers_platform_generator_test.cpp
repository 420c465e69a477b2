#include <hbcast/model/tiers_platform_generator.hpp>
#include <hbcast/model/topology_graph.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <set>
#include <tuple>

using namespace hbcast;
using Tier = TiersTopology::Tier;
using EdgeKind = TiersTopology::EdgeKind;

namespace {

TiersPlatformParameters structure(std::size_t mans, std::size_t lans, std::size_t sw, std::size_t sm, std::size_t sl,
                                  std::uint64_t seed)
{
  TiersPlatformParameters p;
  p.mans_per_wan = mans, p.lans_per_man = lans;
  p.wan_nodes = sw, p.man_nodes = sm, p.lan_nodes = sl;
  p.seed = seed;
  return p;
}

double length(const TiersTopology& t, std::size_t a, std::size_t b)
{
  return std::sqrt(static_cast<double>(tiers_squared_distance(t.nodes[a], t.nodes[b])));
}

std::vector<std::size_t> members_of(const TiersTopology& t, std::size_t network)
{
  std::vector<std::size_t> members;
  for (std::size_t u = 0; u < t.nodes.size(); ++u)
    if (t.nodes[u].network == network)
      members.push_back(u);
  return members;
}

// The test's own Kruskal over every pair of `members`: the minimum spanning tree length.
double kruskal_length(const TiersTopology& t, const std::vector<std::size_t>& members)
{
  std::vector<std::tuple<double, std::size_t, std::size_t>> pairs;
  for (std::size_t i = 0; i < members.size(); ++i)
    for (std::size_t j = i + 1; j < members.size(); ++j)
      pairs.emplace_back(length(t, members[i], members[j]), i, j);
  std::sort(pairs.begin(), pairs.end());
  std::vector<std::size_t> parent(members.size());
  std::iota(parent.begin(), parent.end(), 0);
  auto find = [&](std::size_t x) {
    while (parent[x] != x)
      x = parent[x];
    return x;
  };
  double total = 0.0;
  for (const auto& [w, i, j] : pairs)
    if (find(i) != find(j)) {
      parent[find(i)] = find(j);
      total += w;
    }
  return total;
}

// Whether the undirected `edges` join all n nodes (each edge becomes two directed links).
bool reaches_every_node(std::size_t n, const std::vector<std::pair<std::size_t, std::size_t>>& edges)
{
  TopologyGraph graph(n);
  for (const auto& [a, b] : edges) {
    graph.add_link(a, b, 0.0, 1.0);
    graph.add_link(b, a, 0.0, 1.0);
  }
  return graph.first_unreached_from(0) == kNoNode;
}

bool reaches_every_node(const PlatformGraph& graph)
{
  return TopologyGraph::from_platform_graph(graph).first_unreached_from(0) == kNoNode;
}

}  // namespace

TEST(TiersPlatformGenerator, SameSeedSameGraphDifferentSeedDifferentGraph)
{
  auto p = tiers_preset(65);
  p.seed = 7;
  const auto a = generate_tiers_platform(p), b = generate_tiers_platform(p);
  p.seed = 8;
  const auto c = generate_tiers_platform(p);
  ASSERT_EQ(a.links().size(), b.links().size());
  for (std::size_t k = 0; k < a.links().size(); ++k) {
    EXPECT_EQ(a.links()[k].from, b.links()[k].from);
    EXPECT_EQ(a.links()[k].to, b.links()[k].to);
    EXPECT_EQ(a.links()[k].bandwidth, b.links()[k].bandwidth);
  }
  EXPECT_EQ(a.parameters(), b.parameters());
  EXPECT_NE(a.links().front().bandwidth, c.links().front().bandwidth);
  EXPECT_EQ(a.shape(), PlatformGraph::Shape::routed_graph);
  for (const char* key : {"generator", "seed", "wans", "mans-per-wan", "lans-per-man", "wan-nodes", "man-nodes",
                          "lan-nodes", "wan-redundancy", "man-redundancy", "lan-redundancy", "man-wan-links",
                          "lan-man-links", "wan-bw-mean", "man-bw-sd", "lan-latency", "edges", "density", "nodes"})
    EXPECT_EQ(a.parameters().count(key), 1u) << key;
  EXPECT_EQ(a.parameters().at("generator"), "tiers");
  EXPECT_EQ(a.parameters().at("seed"), "7");
  EXPECT_EQ(a.parameters().at("edges"), std::to_string(a.links().size()));
  EXPECT_EQ(std::stod(a.parameters().at("density")), a.links().size() / (65.0 * 64.0 / 2.0));
}

TEST(TiersPlatformGenerator, NodeCountNamesAndGrids)
{
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    const auto p = structure(seed % 4, seed % 3, 1 + seed % 7, 1 + seed % 5, 1 + seed % 6, seed);
    const std::size_t expected =
        p.wan_nodes + p.mans_per_wan * p.man_nodes + p.mans_per_wan * p.lans_per_man * p.lan_nodes;
    if (expected < 2 || p.lan_man_links > p.man_nodes * p.lan_nodes)
      continue;
    const auto t = build_tiers_topology(p);
    ASSERT_EQ(t.nodes.size(), expected);
    EXPECT_EQ(tiers_node_count(p), expected);
    EXPECT_EQ(generate_tiers_platform(p).host_count(), expected);
    EXPECT_EQ(t.nodes.front().name, "wan-0");
    if (p.mans_per_wan * p.lans_per_man > 0) {
      EXPECT_EQ(t.nodes.back().name, "lan-" + std::to_string(p.mans_per_wan - 1) + "-" +
                                         std::to_string(p.lans_per_man - 1) + "-" + std::to_string(p.lan_nodes - 1));
    }
    for (const auto& node : t.nodes) {
      EXPECT_GE(std::min(node.x, node.y), 0);
      EXPECT_LT(std::max(node.x, node.y), kTiersWanGrid);
    }
    // A LAN lies inside its MAN's square: its nodes are within one MAN grid side of every MAN node.
    for (const auto& lan : t.nodes)
      if (lan.tier == Tier::lan)
        for (const auto& man : t.nodes)
          if (man.tier == Tier::man && man.name.substr(4, man.name.find('-', 4) - 4) ==
                                           lan.name.substr(4, lan.name.find('-', 4) - 4)) {
            EXPECT_LT(std::abs(lan.x - man.x), kTiersManGrid);
            EXPECT_LT(std::abs(lan.y - man.y), kTiersManGrid);
          }
  }
}

TEST(TiersPlatformGenerator, ConnectedOnManySeedsAndShapes)
{
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    auto p = structure(seed % 5, seed % 4, 1 + seed % 9, 1 + seed % 6, 2 + seed % 5, seed);
    p.wan_redundancy = seed % 3, p.man_redundancy = seed % 2, p.lan_redundancy = seed % 4;
    p.man_wan_links = 1 + seed % 2;
    if (tiers_node_count(p) < 2)
      continue;
    SCOPED_TRACE("seed " + std::to_string(seed));
    const auto graph = generate_tiers_platform(p);
    ASSERT_TRUE(reaches_every_node(graph));
    std::set<std::pair<std::size_t, std::size_t>> seen;
    for (const auto& link : graph.links()) {
      EXPECT_LT(link.from, link.to);
      EXPECT_TRUE(seen.emplace(link.from, link.to).second) << "parallel edge";
    }
  }
}

TEST(TiersPlatformGenerator, EachWanAndManWithoutRedundancyIsAMinimumSpanningTree)
{
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    auto p = structure(3, 2, 12, 9, 4, seed);
    p.wan_redundancy = 0, p.man_redundancy = 0;
    const auto t = build_tiers_topology(p);
    for (std::size_t network = 0; network <= p.mans_per_wan; ++network) {
      const auto members = members_of(t, network);
      std::vector<std::pair<std::size_t, std::size_t>> inside;
      double total = 0.0;
      for (const auto& e : t.edges)
        if (t.nodes[e.a].network == network && t.nodes[e.b].network == network) {
          EXPECT_EQ(e.kind, EdgeKind::spanning_tree);
          inside.emplace_back(e.a - members.front(), e.b - members.front());  // members are contiguous
          total += length(t, e.a, e.b);
        }
      SCOPED_TRACE("seed " + std::to_string(seed) + " network " + std::to_string(network));
      ASSERT_EQ(inside.size(), members.size() - 1);
      EXPECT_TRUE(reaches_every_node(members.size(), inside));
      EXPECT_NEAR(total, kruskal_length(t, members), 1e-9 * total);
    }
  }
}

TEST(TiersPlatformGenerator, RedundancyAddsEdgesPerNodeAndKeepsTheTree)
{
  // 20-node WAN and MANs: no node is ever linked to all others, so every node adds exactly R edges.
  for (std::size_t r : {1, 2, 3}) {
    auto p = structure(2, 0, 20, 20, 1, 5 + r);
    p.wan_redundancy = r, p.man_redundancy = r;
    const auto t = build_tiers_topology(p);
    std::map<std::size_t, std::size_t> redundancy, tree;
    for (const auto& e : t.edges)
      if (t.nodes[e.a].network == t.nodes[e.b].network)
        ++(e.kind == EdgeKind::redundancy ? redundancy : tree)[t.nodes[e.a].network];
    for (std::size_t network = 0; network <= 2; ++network) {
      EXPECT_EQ(redundancy[network], r * 20) << network;
      EXPECT_EQ(tree[network], 19u) << network;
    }
  }
  // A 3-node WAN saturates: the tree has 2 edges, one more pair exists whatever R.
  auto small = structure(0, 0, 3, 1, 1, 3);
  small.wan_redundancy = 5;
  EXPECT_EQ(build_tiers_topology(small).edges.size(), 3u);
}

TEST(TiersPlatformGenerator, EachLanIsAStarOnItsFirstNodeAndRedundancyLinksLeaves)
{
  for (std::size_t rl : {0, 1, 2}) {
    auto p = structure(2, 3, 4, 4, 6, 11 + rl);
    p.lan_redundancy = rl;
    const auto t = build_tiers_topology(p);
    for (std::size_t network = 1 + p.mans_per_wan; network < 1 + p.mans_per_wan * (1 + p.lans_per_man); ++network) {
      const auto members = members_of(t, network);
      ASSERT_EQ(members.size(), 6u);
      std::size_t star = 0, leaf_links = 0;
      for (const auto& e : t.edges)
        if (t.nodes[e.a].network == network && t.nodes[e.b].network == network) {
          if (e.kind == EdgeKind::star) {
            EXPECT_EQ(e.a, members.front());
            ++star;
          } else {
            EXPECT_EQ(e.kind, EdgeKind::redundancy);
            EXPECT_NE(e.a, members.front());
            ++leaf_links;
          }
        }
      EXPECT_EQ(star, 5u);
      EXPECT_GE(leaf_links, rl == 0 ? 0u : 3u);  // 5 leaves, each adds rl: at least ceil(5 rl / 2)
      EXPECT_LE(leaf_links, 5 * rl);
    }
  }
}

TEST(TiersPlatformGenerator, AttachmentsAreTheShortestPairs)
{
  auto p = structure(3, 2, 8, 5, 4, 21);
  p.man_wan_links = 2, p.lan_man_links = 1;
  const auto t = build_tiers_topology(p);
  for (std::size_t network = 1; network < 1 + 3 + 6; ++network) {
    const std::size_t upper = network <= 3 ? 0 : 1 + (network - 4) / 2;
    const auto lower_members = members_of(t, network), upper_members = members_of(t, upper);
    std::vector<std::int64_t> all;
    for (std::size_t u : lower_members)
      for (std::size_t v : upper_members)
        all.push_back(tiers_squared_distance(t.nodes[u], t.nodes[v]));
    std::sort(all.begin(), all.end());
    std::vector<std::int64_t> chosen;
    for (const auto& e : t.edges)
      if (e.kind == EdgeKind::attachment && t.nodes[e.b].network == network) {
        EXPECT_EQ(t.nodes[e.a].network, upper);
        EXPECT_EQ(e.tier, upper == 0 ? Tier::wan : Tier::man);
        chosen.push_back(tiers_squared_distance(t.nodes[e.a], t.nodes[e.b]));
      }
    std::sort(chosen.begin(), chosen.end());
    const std::size_t links = network <= 3 ? 2 : 1;
    EXPECT_EQ(chosen, std::vector<std::int64_t>(all.begin(), all.begin() + links)) << network;
  }
}

TEST(TiersPlatformGenerator, PresetsHaveTheirNodeCountsAndPaperDensities)
{
  EXPECT_EQ(tiers_node_count(TiersPlatformParameters{}), 30u);  // the defaults are the 30 preset
  EXPECT_THROW(tiers_preset(31), std::invalid_argument);
  for (std::size_t n : {30, 65})
    for (std::uint64_t seed = 0; seed < 200; ++seed) {
      auto p = tiers_preset(n);
      p.seed = seed;
      const auto graph = generate_tiers_platform(p);
      ASSERT_EQ(graph.host_count(), n);
      const double density = graph.links().size() / (n * (n - 1) / 2.0);
      EXPECT_GE(density, 0.05) << n << " seed " << seed;
      EXPECT_LE(density, 0.15) << n << " seed " << seed;
      EXPECT_TRUE(reaches_every_node(graph));
    }
}

TEST(TiersPlatformGenerator, TierBandwidthsLatenciesAndTheSendOverheadRule)
{
  auto p = tiers_preset(65);
  p.wan_bandwidth_mean = 1e9, p.wan_bandwidth_sd = 0.0;
  p.man_bandwidth_mean = 2e8, p.man_bandwidth_sd = 0.0;
  const auto graph = generate_tiers_platform(p), plain = generate_tiers_platform(tiers_preset(65));
  const auto t = build_tiers_topology(p);
  ASSERT_EQ(graph.links().size(), t.edges.size());
  ASSERT_EQ(plain.links().size(), t.edges.size());  // topology does not depend on bandwidths
  for (std::size_t k = 0; k < t.edges.size(); ++k) {
    const auto& link = graph.links()[k];
    EXPECT_EQ(link.from, plain.links()[k].from);
    EXPECT_EQ(link.to, plain.links()[k].to);
    const Tier tier = t.edges[k].tier;
    EXPECT_EQ(link.latency, tier == Tier::wan ? 5e-3 : tier == Tier::man ? 2e-4 : 2e-5);
    if (tier == Tier::wan)
      EXPECT_EQ(link.bandwidth, 1e9);
    else if (tier == Tier::man)
      EXPECT_EQ(link.bandwidth, 2e8);
    else
      EXPECT_GT(link.bandwidth, 1e6);
  }
  // The 0.8 rule by hand: a host with a WAN-tier link sends at 0.8 x (5 ms + S / 1 GB/s), else one
  // with a MAN-tier link at 0.8 x (0.2 ms + S / 200 MB/s) (every LAN link is slower), else at 0.8 x
  // its fastest LAN link.
  std::vector<Tier> best_tier(graph.host_count(), Tier::lan);
  std::vector<double> best_lan(graph.host_count(), 0.0);
  for (std::size_t k = 0; k < t.edges.size(); ++k) {
    const auto& link = graph.links()[k];
    if (t.edges[k].tier == Tier::lan) {
      EXPECT_LT(link.bandwidth, 2e8) << k;
    }
    for (std::size_t end : {link.from, link.to}) {
      best_tier[end] = std::min(best_tier[end], t.edges[k].tier);  // wan < man < lan
      if (t.edges[k].tier == Tier::lan)
        best_lan[end] = std::max(best_lan[end], link.bandwidth);
    }
  }
  std::size_t wan_hosts = 0, man_hosts = 0, lan_hosts = 0;
  for (std::size_t u = 0; u < graph.host_count(); ++u) {
    SCOPED_TRACE("host " + std::to_string(u));
    const auto& send = graph.send_overhead(u);
    if (best_tier[u] == Tier::wan) {
      ++wan_hosts;
      EXPECT_EQ(send.latency, 0.8 * 5e-3);
      EXPECT_EQ(send.bandwidth, 1e9 / 0.8);
    } else if (best_tier[u] == Tier::man) {
      ++man_hosts;
      EXPECT_EQ(send.latency, 0.8 * 2e-4);
      EXPECT_EQ(send.bandwidth, 2e8 / 0.8);
    } else {
      ++lan_hosts;
      EXPECT_EQ(send.latency, 0.8 * 2e-5);
      EXPECT_EQ(send.bandwidth, best_lan[u] / 0.8);
    }
  }
  EXPECT_GT(wan_hosts, 0u);  // all three cases occur
  EXPECT_GT(man_hosts, 0u);
  EXPECT_GT(lan_hosts, 0u);
}

TEST(TiersPlatformGenerator, RejectsImpossibleParametersNamingThem)
{
  auto expect_rejected = [](const TiersPlatformParameters& p, const std::string& fragment) {
    try {
      generate_tiers_platform(p);
      ADD_FAILURE() << "accepted: " << fragment;
    } catch (const std::invalid_argument& error) {
      EXPECT_NE(std::string(error.what()).find(fragment), std::string::npos) << error.what();
      EXPECT_EQ(std::string(error.what()).find('\n'), std::string::npos);
    }
  };
  TiersPlatformParameters p;
  p.wans = 2, expect_rejected(p, "'wans' must be 1");
  p = {}, p.wan_nodes = 0, expect_rejected(p, "'wan-nodes' must be at least 1");
  p = {}, p.lan_nodes = 0, expect_rejected(p, "'lan-nodes' must be at least 1");
  p = structure(0, 0, 1, 1, 1, 1), expect_rejected(p, "must be within [2, 10000] (got 1)");
  p = structure(100, 100, 1, 1, 2, 1), expect_rejected(p, "(got 20101)");
  const std::size_t huge = std::size_t(-1);
  p = structure(huge, huge, 1, huge, huge, 1), expect_rejected(p, "(got too many)");
  p = {}, p.man_wan_links = 0, expect_rejected(p, "'man-wan-links' must be within [1, wan-nodes x man-nodes]");
  p = {}, p.lan_man_links = 17, expect_rejected(p, "'lan-man-links' must be within [1, man-nodes x lan-nodes]");
  p = {}, p.man_bandwidth_mean = 0, expect_rejected(p, "'man-bw-mean' must be finite and > 0");
  p = {}, p.lan_bandwidth_sd = -1, expect_rejected(p, "'lan-bw-sd' must be finite and >= 0");
  p = {}, p.wan_latency = NAN, expect_rejected(p, "'wan-latency' must be finite and >= 0");
}
