#include <hbcast/platform_graph/routed_topology.hpp>

#include <hbcast/util/memory_budget.hpp>

#include "nearest_receivers.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <stdexcept>

namespace hbcast {
namespace {

using Rule = RoutedCandidates::Rule;

// A reference size for ranking receivers: 1 MiB, where latency and bandwidth both matter.
constexpr double kRankingBytes = 1048576.0;
// Route figures enter the program to this many significant digits.
constexpr int kRouteDigits = 9;

// A route's latency or bandwidth to kRouteDigits significant digits. The steady-state program's
// optimal face is seldom one point, and which loads and trees the solvers return among equals can
// turn on the last bits of the times: a latency summed over seven links and the same latency
// summed over three (a platform and its calibrated description, fitted from times measured to
// about 1e-10) differ there. Rounded, they are one number; the figures move by at most 5e-9 of
// themselves.
double route_figure(double value)
{
  if (!(value > 0.0) || !std::isfinite(value))
    return value;
  const double scale = std::pow(10.0, kRouteDigits - 1 - static_cast<int>(std::floor(std::log10(value))));
  return std::round(value * scale) / scale;
}

std::vector<std::pair<NodeId, NodeId>> nearest_pairs(const LinkRouteModel& routes, NodeId source, std::size_t k,
                                                     const HostBlocks* blocks)
{
  const std::size_t n = routes.host_count();
  const auto nearest =
      blocks ? nearest_receivers(routes, *blocks, k, kRankingBytes) : nearest_receivers(routes, k, kRankingBytes);
  std::vector<std::pair<NodeId, NodeId>> pairs;
  for (NodeId u = 0; u < n; ++u) {
    for (NodeId v : nearest[u])
      pairs.emplace_back(u, v);
    if (n > 1)
      pairs.emplace_back(u, static_cast<NodeId>((u + 1) % n));  // a ring: every host reachable
    if (u != source)
      pairs.emplace_back(source, u);
  }
  std::sort(pairs.begin(), pairs.end());
  pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
  return pairs;
}

// Measured: `hbcast lp --candidates all` on a 300-host crossbar cluster peaks at 151 MB against
// 38 MB with nearest:8, 113 MB for 89,700 pairs (docs/reliability.md).
constexpr std::uint64_t kBytesPerCandidatePair = 1300;

std::vector<std::pair<NodeId, NodeId>> candidate_pairs(const LinkRouteModel& routes, NodeId source,
                                                       const RoutedCandidates& candidates, const HostBlocks* blocks,
                                                       std::string& description)
{
  const std::size_t n = routes.host_count();
  Rule rule = candidates.rule;
  if (rule == Rule::automatic)
    rule = n <= RoutedCandidates::kAllPairsLimit ? Rule::all : Rule::nearest;
  // Only pairs the platform routes: a broadcast needs every host reachable, not every pair.
  const auto routable = [&](const std::pair<NodeId, NodeId>& pair) {
    return routes.route(pair.first, pair.second)->routable();
  };
  if (rule == Rule::nearest) {
    auto pairs = nearest_pairs(routes, source, candidates.nearest, blocks);
    pairs.erase(std::remove_if(pairs.begin(), pairs.end(), [&](const auto& pair) { return !routable(pair); }),
                pairs.end());
    description = "nearest " + std::to_string(candidates.nearest) +
                  " receivers per host, a ring and the source to all: " + std::to_string(pairs.size()) + " pairs";
    return pairs;
  }
  if (rule == Rule::all)  // before the n(n - 1) pairs are listed, looked up and made columns
    check_memory(saturated_product(saturated_product(n, n - 1), kBytesPerCandidatePair),
                 "the steady-state program over all " + std::to_string(n) + " x " + std::to_string(n - 1) +
                     " ordered pairs",
                 "about 1.3 KiB per candidate pair: its route, graph arc, program column and cut rows",
                 "--candidates nearest:K lowers it to about n x (K + 2) pairs");
  std::vector<std::pair<NodeId, NodeId>> pairs;
  for (NodeId u = 0; u < n; ++u)
    for (NodeId v = 0; v < n; ++v)
      if (u != v && routable({u, v}) && (rule == Rule::all || routes.route(u, v)->links.size() == 1))
        pairs.emplace_back(u, v);
  description = rule == Rule::all ? "all " + std::to_string(pairs.size()) + " ordered pairs"
                                  : "the " + std::to_string(pairs.size()) + " pairs joined by one link";
  return pairs;
}

}  // namespace

RoutedCandidates parse_routed_candidates(const std::string& text)
{
  if (text == "auto")
    return {Rule::automatic, 8};
  if (text == "all")
    return {Rule::all, 8};
  if (text == "direct")
    return {Rule::direct, 8};
  const std::string count = text.rfind("nearest:", 0) == 0 ? text.substr(8) : "";
  if (!count.empty() && count.size() <= 9 && count.find_first_not_of("0123456789") == std::string::npos &&
      std::stoul(count) >= 1)
    return {Rule::nearest, static_cast<std::size_t>(std::stoul(count))};
  throw std::invalid_argument("candidate pairs '" + text + "' is not auto, all, direct or nearest:K (K >= 1)");
}

std::vector<SharedLinkRow> shared_link_rows(const LinkRouteModel& routes,
                                            const std::vector<std::pair<NodeId, NodeId>>& arcs)
{
  std::map<LinkId, std::vector<std::size_t>> crossing;  // shared link -> arcs
  for (std::size_t e = 0; e < arcs.size(); ++e) {
    std::vector<LinkId> links = routes.route(arcs[e].first, arcs[e].second)->links;
    std::sort(links.begin(), links.end());
    links.erase(std::unique(links.begin(), links.end()), links.end());  // a link twice in a route: one share
    for (LinkId link : links)
      if (routes.link(link).sharing == LinkSharing::shared)
        crossing[link].push_back(e);
  }
  std::vector<SharedLinkRow> rows;
  for (auto& [link, crossing_arcs] : crossing)
    if (crossing_arcs.size() >= 2)
      rows.push_back({routes.link(link).name, routes.link(link).bandwidth, std::move(crossing_arcs)});
  return rows;
}

RoutedTopology build_routed_topology(const LinkRouteModel& routes, NodeId source, const RoutedCandidates& candidates,
                                     const HostBlocks* blocks)
{
  RoutedTopology result;
  const auto pairs = candidate_pairs(routes, source, candidates, blocks, result.candidates);
  result.graph = std::make_shared<TopologyGraph>(routes.host_count());
  for (const auto& [from, to] : pairs) {
    const auto route = routes.route(from, to);
    result.graph->add_link(from, to, route_figure(route->latency), route_figure(route->bandwidth));
  }
  // graph.links() lists edges by sender, then insertion: the pairs are sorted, so index e is pair e.
  result.shared_links = shared_link_rows(routes, pairs);
  if (const NodeId missing = result.graph->first_unreached_from(source); missing != kNoNode)
    throw std::invalid_argument("host " + std::to_string(missing) + " cannot be reached from the source through " +
                                result.candidates);
  return result;
}

}  // namespace hbcast
