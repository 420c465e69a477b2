// binding_link_rows: a shared link's row is dropped exactly when the one-port rows imply it, i.e.
// when the heaviest load the ports allow on it (a maximum-weight bipartite matching of its senders
// to its receivers, w_e = (S / bandwidth) / T_e) is at most 1. Checked by hand on a cluster and
// against an exhaustive search over matchings on random instances.
#include <hbcast/platform_graph/binding_link_rows.hpp>
#include <hbcast/platform_graph/steady_state_lp.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <random>
#include <string>
#include <vector>

using namespace hbcast;

namespace {

constexpr double kBindingSliceBytes = 1e6;

// Every ordered pair of `hosts`, latency `latency`, bandwidth `bandwidth`.
TopologyGraph all_pairs(std::size_t hosts, double latency, double bandwidth)
{
  TopologyGraph graph(hosts);
  for (NodeId u = 0; u < hosts; ++u)
    for (NodeId v = 0; v < hosts; ++v)
      if (u != v)
        graph.add_link(u, v, latency, bandwidth);
  return graph;
}

// The arcs (indices into graph.links()) with `keep`.
std::vector<std::size_t> arcs_where(const TopologyGraph& graph, const std::function<bool(NodeId, NodeId)>& keep)
{
  std::vector<std::size_t> arcs;
  const auto links = graph.links();
  for (std::size_t e = 0; e < links.size(); ++e)
    if (keep(links[e].first, links[e].second))
      arcs.push_back(e);
  return arcs;
}

// The largest sum of weights over matchings (each sender and each receiver at most once), by
// exhaustive search over the receivers of each sender in turn.
double best_matching(const std::vector<std::pair<NodeId, NodeId>>& arcs, const std::vector<double>& weight,
                     std::size_t hosts)
{
  std::vector<bool> received(hosts, false);
  std::function<double(NodeId)> from = [&](NodeId u) -> double {
    if (u == hosts)
      return 0.0;
    double best = from(u + 1);  // u sends nothing
    for (std::size_t e = 0; e < arcs.size(); ++e)
      if (arcs[e].first == u && !received[arcs[e].second]) {
        received[arcs[e].second] = true;
        best = std::max(best, weight[e] + from(u + 1));
        received[arcs[e].second] = false;
      }
    return best;
  };
  return from(0);
}

}  // namespace

// 4 hosts of 1e8 B/s, 1e-4 s, all pairs: T = 1e-4 + 1e6 / 1e8 = 0.0101 s. A backbone crossed by
// every pair carries at most 4 transfers at once (a matching of 4 senders to 4 receivers), each
// busy on it (1e6 / b) s per slice of T: load 4 (1e6 / b) / 0.0101, at most 1 iff b >= 3.96e8.
TEST(BindingLinkRows, ABackboneFasterThanItsHostsTogetherIsDropped)
{
  const TopologyGraph graph = all_pairs(4, 1e-4, 1e8);
  const auto every = arcs_where(graph, [](NodeId, NodeId) { return true; });
  const std::vector<SharedLinkRow> rows{{"fast", 4e8, every}, {"slow", 3.9e8, every}};
  const auto kept = binding_link_rows(graph, kBindingSliceBytes, PortModel::one_port, rows);
  ASSERT_EQ(kept.size(), 1u);
  EXPECT_EQ(kept[0].name, "slow");
}

// A host's own link (every arc from host 0) at the host's bandwidth: one transfer at a time, each
// busy (1e6 / 1e8) s of T = 0.0101 s: load 0.99, implied by the port row.
TEST(BindingLinkRows, AHostLinkIsImpliedByItsPort)
{
  const TopologyGraph graph = all_pairs(4, 1e-4, 1e8);
  const std::vector<SharedLinkRow> rows{{"h0_up", 1e8, arcs_where(graph, [](NodeId u, NodeId) { return u == 0; })}};
  EXPECT_TRUE(binding_link_rows(graph, kBindingSliceBytes, PortModel::one_port, rows).empty());
}

// Cluster {0, 1} of 6 hosts, zero latency (T = S / 1e8 = 0.01 s): its backbone is crossed by every
// arc with an end in the cluster. The cheap bounds see 6 senders (or 6 receivers): 6 (S / b) / T.
// A matching uses at most 2 senders of the cluster and 2 receivers in it: 4 transfers, load
// 4e8 / b. With b = 4.5e8: 0.89, implied although the cheap bounds say 1.33; b = 3.5e8: 1.14, kept.
TEST(BindingLinkRows, TheMatchingBoundDropsWhatTheCheapBoundsCannot)
{
  const TopologyGraph graph = all_pairs(6, 0.0, 1e8);
  const auto backbone = arcs_where(graph, [](NodeId u, NodeId v) { return u < 2 || v < 2; });
  const std::vector<SharedLinkRow> rows{{"wide", 4.5e8, backbone}, {"narrow", 3.5e8, backbone}};
  const auto kept = binding_link_rows(graph, kBindingSliceBytes, PortModel::one_port, rows);
  ASSERT_EQ(kept.size(), 1u);
  EXPECT_EQ(kept[0].name, "narrow");
  // Without the exact step, the cheap bounds keep both.
  EXPECT_EQ(binding_link_rows(graph, kBindingSliceBytes, PortModel::one_port, rows, 0).size(), 2u);
}

TEST(BindingLinkRows, MultiPortKeepsEveryRow)
{
  const TopologyGraph graph = all_pairs(4, 1e-4, 1e8);
  const auto every = arcs_where(graph, [](NodeId, NodeId) { return true; });
  const std::vector<SharedLinkRow> rows{{"fast", 1e12, every}};
  EXPECT_EQ(binding_link_rows(graph, kBindingSliceBytes, PortModel::multi_port, rows).size(), 1u);
}

// Random platforms of 5 hosts (random latencies and bandwidths per arc) and random rows: a row is
// dropped iff the exhaustive matching's load is at most 1 (rows within 1e-6 of 1 are not judged);
// and the LP's loads, solved with every row given, meet every row, dropped ones included.
TEST(BindingLinkRows, RandomRowsAgreeWithExhaustiveMatching)
{
  constexpr std::uint64_t kSeed = 20261127;
  std::mt19937_64 random(kSeed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::size_t dropped = 0, kept_count = 0;
  for (int instance = 0; instance < 60; ++instance) {
    SCOPED_TRACE("seed " + std::to_string(kSeed) + ", instance " + std::to_string(instance));
    constexpr std::size_t kHosts = 5;
    TopologyGraph graph(kHosts);
    for (NodeId u = 0; u < kHosts; ++u)
      for (NodeId v = 0; v < kHosts; ++v)
        if (u != v)
          graph.add_link(u, v, 1e-4 * unit(random), 1e8 * (0.5 + unit(random)));
    const auto links = graph.links();
    const auto times = graph.link_times(kBindingSliceBytes);
    std::vector<SharedLinkRow> rows;
    for (int r = 0; r < 6; ++r) {
      SharedLinkRow row{"l" + std::to_string(r), 1e8 * (1.0 + 5.0 * unit(random)), {}};
      for (std::size_t e = 0; e < links.size(); ++e)
        if (unit(random) < 0.4)
          row.arcs.push_back(e);
      if (row.arcs.size() >= 2)
        rows.push_back(row);
    }
    const auto kept = binding_link_rows(graph, kBindingSliceBytes, PortModel::one_port, rows);
    for (const auto& row : rows) {
      std::vector<std::pair<NodeId, NodeId>> arcs;
      std::vector<double> weight;
      for (std::size_t e : row.arcs) {
        arcs.push_back(links[e]);
        weight.push_back(kBindingSliceBytes / row.bandwidth / times[e]);
      }
      const double heaviest = best_matching(arcs, weight, kHosts);
      const bool is_kept = std::any_of(kept.begin(), kept.end(), [&](const auto& k) { return k.name == row.name; });
      if (std::abs(heaviest - 1.0) > 1e-6) {
        EXPECT_EQ(is_kept, heaviest > 1.0) << row.name << ": heaviest load " << heaviest;
        (is_kept ? kept_count : dropped) += 1;
      }
    }
    SteadyStateLpOptions options;
    options.shared_links = rows;
    const auto solution = solve_steady_state_broadcast(graph, 0, kBindingSliceBytes, options);
    for (const auto& row : rows) {
      double busy = 0.0;
      for (std::size_t e : row.arcs)
        busy += solution.edge_loads[e] * kBindingSliceBytes / row.bandwidth;
      EXPECT_LE(busy, 1.0 + 1e-6) << row.name;
    }
  }
  // Both verdicts occur, so the comparison means something.
  EXPECT_GT(dropped, 10u);
  EXPECT_GT(kept_count, 10u);
}
