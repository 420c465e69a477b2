// SSB on routed platforms (issue 16, item 1): hand-solved shared-link cases, and on random
// direct-link platforms the routed program restricted to direct pairs equals SSB(G) while every
// pair only adds transfers (never a lower optimum).
#include <hbcast/model/clustered_link_model.hpp>
#include <hbcast/model/random_platform_generator.hpp>
#include <hbcast/platform_graph/routed_topology.hpp>
#include <hbcast/platform_graph/steady_state_lp.hpp>

#include "../../tests/support/linked_clusters.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <queue>

using namespace hbcast;

namespace {

// One cluster of 3 hosts: private split-duplex links of 100 B/s, a backbone of 150 B/s, no latency.
ClusteredLinkModel three_hosts(LinkSharing backbone)
{
  return ClusteredLinkModel({test_support::latency_free_cluster(3, 100.0, 150.0, backbone)});
}

double routed_optimum(const LinkRouteModel& routes, PortModel port, const std::string& candidates = "all")
{
  const RoutedTopology topology = build_routed_topology(routes, 0, parse_routed_candidates(candidates));
  SteadyStateLpOptions options;
  options.shared_links = topology.shared_links;
  options.port = port;
  return solve_steady_state_broadcast(*topology.graph, 0, 1.0, options).slices_per_second;
}

// Each undirected edge of a random platform graph is two directed links (split-duplex); a route is
// a fewest-hop path (breadth-first, lowest index first), as a Floyd zone of hosts would give.
class GraphRoutes final : public LinkRouteModel {
public:
  explicit GraphRoutes(const PlatformGraph& graph) : n_(graph.host_count()), next_(n_)
  {
    for (const auto& link : graph.links()) {
      for (auto [a, b] : {std::pair{link.from, link.to}, std::pair{link.to, link.from}}) {
        ids_[{a, b}] = static_cast<LinkId>(table_.size());
        table_.push_back({"l" + std::to_string(a) + "-" + std::to_string(b), link.bandwidth, link.latency,
                          LinkSharing::shared});
        next_[a].push_back(b);
      }
    }
  }
  std::size_t host_count() const override { return n_; }
  const LinkProperties& link(LinkId id) const override { return table_.at(id); }
  std::shared_ptr<const LinkRoute> route(NodeId from, NodeId to) const override
  {
    std::vector<NodeId> parent(n_, kNoNode);
    std::queue<NodeId> pending;
    pending.push(from);
    parent[from] = from;
    while (!pending.empty() && parent[to] == kNoNode) {
      const NodeId u = pending.front();
      pending.pop();
      for (NodeId v : next_[u])
        if (parent[v] == kNoNode) {
          parent[v] = u;
          pending.push(v);
        }
    }
    std::vector<LinkId> links;
    for (NodeId v = to; v != from; v = parent[v])
      links.insert(links.begin(), ids_.at({parent[v], v}));
    return std::make_shared<const LinkRoute>(make_link_route(std::move(links), table_));
  }

private:
  std::size_t n_;
  std::vector<std::vector<NodeId>> next_;
  std::map<std::pair<NodeId, NodeId>, LinkId> ids_;
  std::vector<LinkProperties> table_;
};

// The graph's program with every link's latency and bandwidth to 9 significant digits, as the
// routed program reads route figures (printf's rounding: an independent reference).
TopologyGraph graph_to_9_digits(const PlatformGraph& platform)
{
  const auto nine_digits = [](double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.8e", value);
    return std::strtod(text, nullptr);
  };
  TopologyGraph rounded(platform.host_count());
  for (const auto& link : platform.links()) {
    rounded.add_link(link.from, link.to, nine_digits(link.latency), nine_digits(link.bandwidth));
    if (!link.directed)
      rounded.add_link(link.to, link.from, nine_digits(link.latency), nine_digits(link.bandwidth));
  }
  return rounded;
}

}  // namespace

// Cuts {0}, {0,1}, {0,2} ask a + b, b + c, a + d >= TP (a = n_01, b = n_02, c = n_12, d = n_21);
// every transfer crosses the backbone, so a + b + c + d <= 150 and the last two cuts give
// TP <= 75, met by a = b = c = d = 37.5 (ports: the root sends 75 <= 100).
TEST(RoutedSteadyState, SharedBackboneBoundsTheThroughput)
{
  const auto routes = three_hosts(LinkSharing::shared);
  EXPECT_NEAR(routed_optimum(routes, PortModel::one_port), 75.0, 75.0 * 1e-9);
  EXPECT_NEAR(routed_optimum(routes, PortModel::multi_port), 75.0, 75.0 * 1e-9);
}

// A FATPIPE backbone never binds: one-port, the root's out-port gives TP <= 100, met by the chain
// 0 -> 1 -> 2; multi-port, the root's up link (crossed by n_01 and n_02) gives the same 100.
TEST(RoutedSteadyState, FatpipeBackboneLeavesThePortsAndHostLinks)
{
  const auto routes = three_hosts(LinkSharing::fatpipe);
  EXPECT_NEAR(routed_optimum(routes, PortModel::one_port), 100.0, 1e-7);
  EXPECT_NEAR(routed_optimum(routes, PortModel::multi_port), 100.0, 1e-7);
}

TEST(RoutedSteadyState, CandidateRules)
{
  const auto routes = three_hosts(LinkSharing::shared);
  const auto all = build_routed_topology(routes, 0, parse_routed_candidates("all"));
  EXPECT_EQ(all.graph->link_count(), 6u);
  // Rows: three up links crossed by two transfers each, three down links, the backbone.
  EXPECT_EQ(all.shared_links.size(), 7u);
  // nearest:1 (ties to the lowest index), the ring and the source to all: 0->1, 0->2, 1->0, 1->2, 2->0.
  EXPECT_EQ(build_routed_topology(routes, 0, parse_routed_candidates("nearest:1")).graph->link_count(), 5u);
  EXPECT_THROW(build_routed_topology(routes, 0, parse_routed_candidates("direct")), std::invalid_argument);
  EXPECT_THROW(parse_routed_candidates("nearest:0"), std::invalid_argument);
  EXPECT_THROW(parse_routed_candidates("some"), std::invalid_argument);
}

TEST(RoutedSteadyState, DirectPairsGiveSsbOfTheGraphAndAllPairsNoLess)
{
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    RandomPlatformParameters parameters;
    parameters.node_count = 6 + seed % 10;
    parameters.density = 0.3;
    parameters.link_latency = 1e-3;
    parameters.seed = seed;
    const PlatformGraph platform = generate_random_platform(parameters);
    const GraphRoutes routes(platform);
    const double graph_optimum =
        solve_steady_state_broadcast(TopologyGraph::from_platform_graph(platform), 0, 1.0).slices_per_second;
    const double rounded_optimum =
        solve_steady_state_broadcast(graph_to_9_digits(platform), 0, 1.0).slices_per_second;
    const double direct = routed_optimum(routes, PortModel::one_port, "direct");
    // The routed program reads each route's latency and bandwidth to 9 significant digits: it is
    // the graph's program at 9 digits, to the last bits (0 or 2e-16 apart on these 40 seeds).
    EXPECT_NEAR(direct, rounded_optimum, 1e-9 * rounded_optimum);
    // In exact arithmetic the rounding (each time within 5e-9 of itself) moves the optimum by at
    // most 5e-9 of it; CLP, stopping within its tolerance (1e-7 on rows of order 1) on a program a
    // few last digits off, lands up to 8.6e-8 away on these seeds (3 of 40 above 1e-9).
    EXPECT_NEAR(rounded_optimum, graph_optimum, 1e-7 * graph_optimum);
    // More transfers never lower the optimum (up to CLP's tolerance, 1e-7 on rows of order 1).
    EXPECT_GE(routed_optimum(routes, PortModel::one_port, "all"), graph_optimum * (1 - 1e-7));
    EXPECT_GE(routed_optimum(routes, PortModel::multi_port, "direct"), graph_optimum * (1 - 1e-7));
  }
}
