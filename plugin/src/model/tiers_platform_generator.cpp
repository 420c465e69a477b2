#include <hbcast/model/tiers_platform_generator.hpp>

#include <hbcast/model/random_platform_generator.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <set>
#include <stdexcept>
#include <tuple>
#include <utility>

namespace hbcast {
namespace {

using Tier = TiersTopology::Tier;
using EdgeKind = TiersTopology::EdgeKind;
using Members = std::vector<std::size_t>;

std::size_t saturating_product(std::size_t a, std::size_t b)
{
  return a != 0 && b > std::numeric_limits<std::size_t>::max() / a ? std::numeric_limits<std::size_t>::max() : a * b;
}

std::size_t saturating_sum(std::size_t a, std::size_t b)
{
  return b > std::numeric_limits<std::size_t>::max() - a ? std::numeric_limits<std::size_t>::max() : a + b;
}

void require_tiers(bool condition, const std::string& parameter, const std::string& rule, double value)
{
  require_parameter(condition, "tiers", parameter, rule, value);
}

void require_distribution(double mean, double sd, double latency, const std::string& tier)
{
  require_tiers(mean > 0.0 && std::isfinite(mean), tier + "-bw-mean", "finite and > 0", mean);
  require_tiers(sd >= 0.0 && std::isfinite(sd), tier + "-bw-sd", "finite and >= 0", sd);
  require_tiers(latency >= 0.0 && std::isfinite(latency), tier + "-latency", "finite and >= 0", latency);
}

void validate(const TiersPlatformParameters& p)
{
  auto as_real = [](std::size_t count) { return static_cast<double>(count); };
  require_tiers(p.wans == 1, "wans", "1 (Tiers builds a single WAN)", as_real(p.wans));
  require_tiers(p.wan_nodes >= 1, "wan-nodes", "at least 1", as_real(p.wan_nodes));
  require_tiers(p.man_nodes >= 1, "man-nodes", "at least 1", as_real(p.man_nodes));
  require_tiers(p.lan_nodes >= 1, "lan-nodes", "at least 1", as_real(p.lan_nodes));
  const std::size_t n = tiers_node_count(p);
  if (n < 2 || n > kTiersMaxNodes)
    throw std::invalid_argument(
        "tiers platform: the node count wan-nodes + mans-per-wan x man-nodes + mans-per-wan x lans-per-man x "
        "lan-nodes must be within [2, " + std::to_string(kTiersMaxNodes) + "] (got " +
        (n == std::numeric_limits<std::size_t>::max() ? std::string("too many") : std::to_string(n)) + ")");
  require_tiers(p.man_wan_links >= 1 && p.man_wan_links <= saturating_product(p.wan_nodes, p.man_nodes), "man-wan-links",
          "within [1, wan-nodes x man-nodes]", as_real(p.man_wan_links));
  require_tiers(p.lan_man_links >= 1 && p.lan_man_links <= saturating_product(p.man_nodes, p.lan_nodes), "lan-man-links",
          "within [1, man-nodes x lan-nodes]", as_real(p.lan_man_links));
  require_distribution(p.wan_bandwidth_mean, p.wan_bandwidth_sd, p.wan_latency, "wan");
  require_distribution(p.man_bandwidth_mean, p.man_bandwidth_sd, p.man_latency, "man");
  require_distribution(p.lan_bandwidth_mean, p.lan_bandwidth_sd, p.lan_latency, "lan");
}

// An integer in [0, side) from one uniform.
std::int64_t grid_draw(std::mt19937_64& rng, std::int64_t side)
{
  return static_cast<std::int64_t>(uniform_index(rng, static_cast<std::size_t>(side)));
}

// Builds the edges of step 2, never linking a pair twice.
class EdgeBuilder {
public:
  explicit EdgeBuilder(TiersTopology& topology) : topology_(topology) {}

  void add(std::size_t a, std::size_t b, EdgeKind kind, Tier tier)
  {
    linked_.emplace(std::min(a, b), std::max(a, b));
    topology_.edges.push_back({std::min(a, b), std::max(a, b), kind, tier});
  }

  bool linked(std::size_t a, std::size_t b) const { return linked_.count({std::min(a, b), std::max(a, b)}) > 0; }

  std::int64_t distance(std::size_t a, std::size_t b) const
  {
    return tiers_squared_distance(topology_.nodes[a], topology_.nodes[b]);
  }

  // Prim from members[0]; among equally near candidates the earlier member wins.
  void spanning_tree(const Members& members, Tier tier)
  {
    const std::size_t k = members.size();
    std::vector<bool> in_tree(k, false);
    std::vector<std::int64_t> nearest(k, std::numeric_limits<std::int64_t>::max());
    std::vector<std::size_t> nearest_from(k, 0);
    in_tree[0] = true;
    for (std::size_t j = 1; j < k; ++j)
      nearest[j] = distance(members[0], members[j]);
    for (std::size_t added = 1; added < k; ++added) {
      std::size_t next = k;
      for (std::size_t j = 0; j < k; ++j)
        if (!in_tree[j] && (next == k || nearest[j] < nearest[next]))
          next = j;
      in_tree[next] = true;
      add(members[nearest_from[next]], members[next], EdgeKind::spanning_tree, tier);
      for (std::size_t j = 0; j < k; ++j)
        if (!in_tree[j] && distance(members[next], members[j]) < nearest[j]) {
          nearest[j] = distance(members[next], members[j]);
          nearest_from[j] = next;
        }
    }
  }

  void star(const Members& members, Tier tier)
  {
    for (std::size_t j = 1; j < members.size(); ++j)
      add(members[0], members[j], EdgeKind::star, tier);
  }

  // Tiers' redundancy: each member in turn links to its `per_node` nearest unlinked members.
  void redundancy(const Members& members, std::size_t per_node, Tier tier)
  {
    if (per_node == 0)
      return;
    for (std::size_t u : members) {
      std::vector<std::pair<std::int64_t, std::size_t>> candidates;
      for (std::size_t v : members)
        if (v != u && !linked(u, v))
          candidates.emplace_back(distance(u, v), v);
      std::sort(candidates.begin(), candidates.end());
      for (std::size_t c = 0; c < std::min(per_node, candidates.size()); ++c)
        add(u, candidates[c].second, EdgeKind::redundancy, tier);
    }
  }

  // The `count` shortest (lower node, upper node) pairs; ties by lower node, then upper node.
  void attach(const Members& lower, const Members& upper, std::size_t count, Tier tier)
  {
    std::vector<std::tuple<std::int64_t, std::size_t, std::size_t>> pairs;
    for (std::size_t u : lower)
      for (std::size_t v : upper)
        pairs.emplace_back(distance(u, v), u, v);
    std::sort(pairs.begin(), pairs.end());
    for (std::size_t c = 0; c < count; ++c)
      add(std::get<1>(pairs[c]), std::get<2>(pairs[c]), EdgeKind::attachment, tier);
  }

private:
  TiersTopology& topology_;
  std::set<std::pair<std::size_t, std::size_t>> linked_;
};

// Step 1 for one network: `count` nodes at origin + a point of the `side` square.
Members place(TiersTopology& topology, std::mt19937_64& rng, std::size_t count, std::int64_t side,
              std::pair<std::int64_t, std::int64_t> origin, Tier tier, std::size_t network, const std::string& prefix)
{
  Members members;
  for (std::size_t k = 0; k < count; ++k) {
    TiersTopology::Node node{prefix + std::to_string(k), tier, network, 0, 0};
    node.x = origin.first + grid_draw(rng, side);
    node.y = origin.second + grid_draw(rng, side);
    members.push_back(topology.nodes.size());
    topology.nodes.push_back(node);
  }
  return members;
}

std::pair<std::int64_t, std::int64_t> draw_origin(std::mt19937_64& rng, std::pair<std::int64_t, std::int64_t> within,
                                                  std::int64_t range)
{
  const std::int64_t x = within.first + grid_draw(rng, range + 1);
  return {x, within.second + grid_draw(rng, range + 1)};
}

TiersTopology build_topology(const TiersPlatformParameters& p, std::mt19937_64& rng)
{
  TiersTopology topology;
  const Members wan = place(topology, rng, p.wan_nodes, kTiersWanGrid, {0, 0}, Tier::wan, 0, "wan-");
  std::vector<Members> mans;
  std::vector<std::pair<std::int64_t, std::int64_t>> man_origins;
  for (std::size_t m = 0; m < p.mans_per_wan; ++m) {
    man_origins.push_back(draw_origin(rng, {0, 0}, kTiersWanGrid - kTiersManGrid));
    mans.push_back(place(topology, rng, p.man_nodes, kTiersManGrid, man_origins.back(), Tier::man, 1 + m,
                         "man-" + std::to_string(m) + "-"));
  }
  std::vector<Members> lans;
  for (std::size_t m = 0; m < p.mans_per_wan; ++m)
    for (std::size_t l = 0; l < p.lans_per_man; ++l)
      lans.push_back(place(topology, rng, p.lan_nodes, kTiersLanGrid,
                           draw_origin(rng, man_origins[m], kTiersManGrid - kTiersLanGrid), Tier::lan,
                           1 + p.mans_per_wan + lans.size(),
                           "lan-" + std::to_string(m) + "-" + std::to_string(l) + "-"));

  EdgeBuilder edges(topology);
  edges.spanning_tree(wan, Tier::wan);
  edges.redundancy(wan, p.wan_redundancy, Tier::wan);
  for (const Members& man : mans) {
    edges.spanning_tree(man, Tier::man);
    edges.redundancy(man, p.man_redundancy, Tier::man);
    edges.attach(man, wan, p.man_wan_links, Tier::wan);
  }
  for (std::size_t lan = 0; lan < lans.size(); ++lan) {
    edges.star(lans[lan], Tier::lan);
    edges.redundancy(Members(lans[lan].begin() + 1, lans[lan].end()), p.lan_redundancy, Tier::lan);
    edges.attach(lans[lan], mans[lan / p.lans_per_man], p.lan_man_links, Tier::man);
  }
  return topology;
}

struct TierLink {
  double mean, sd, latency, floor;
};

TierLink tier_link(const TiersPlatformParameters& p, Tier tier)
{
  const double mean =
      tier == Tier::wan ? p.wan_bandwidth_mean : tier == Tier::man ? p.man_bandwidth_mean : p.lan_bandwidth_mean;
  return {mean, tier == Tier::wan ? p.wan_bandwidth_sd : tier == Tier::man ? p.man_bandwidth_sd : p.lan_bandwidth_sd,
          tier == Tier::wan ? p.wan_latency : tier == Tier::man ? p.man_latency : p.lan_latency,
          random_platform_bandwidth_floor(mean)};
}

// Step 3: the tier's Gaussian, drawn again while at or below the floor.
double draw_bandwidth(std::mt19937_64& rng, const TierLink& tier)
{
  for (;;) {
    const double bandwidth = tier.mean + tier.sd * standard_normal_draw(rng);
    if (bandwidth > tier.floor)
      return bandwidth;
  }
}

void record_parameters(PlatformGraph& graph, const TiersPlatformParameters& p)
{
  auto real = [&](const std::string& key, double value) { graph.set_parameter(key, shortest_decimal(value)); };
  graph.set_parameter("generator", "tiers");
  graph.set_parameter("seed", std::to_string(p.seed));
  for (const auto& [key, value] : {std::pair{"wans", p.wans}, {"mans-per-wan", p.mans_per_wan},
                                   {"lans-per-man", p.lans_per_man}, {"wan-nodes", p.wan_nodes},
                                   {"man-nodes", p.man_nodes}, {"lan-nodes", p.lan_nodes},
                                   {"wan-redundancy", p.wan_redundancy}, {"man-redundancy", p.man_redundancy},
                                   {"lan-redundancy", p.lan_redundancy}, {"man-wan-links", p.man_wan_links},
                                   {"lan-man-links", p.lan_man_links}, {"nodes", graph.host_count()},
                                   {"edges", graph.links().size()}})
    graph.set_parameter(key, std::to_string(value));
  for (Tier tier : {Tier::wan, Tier::man, Tier::lan}) {
    const std::string name = tier == Tier::wan ? "wan" : tier == Tier::man ? "man" : "lan";
    const TierLink link = tier_link(p, tier);
    real(name + "-bw-mean", link.mean);
    real(name + "-bw-sd", link.sd);
    real(name + "-bw-floor", link.floor);
    real(name + "-latency", link.latency);
  }
  graph.set_parameter("grids", std::to_string(kTiersWanGrid) + " (WAN), " + std::to_string(kTiersManGrid) +
                                   " (MAN), " + std::to_string(kTiersLanGrid) + " (LAN)");
  const double n = static_cast<double>(graph.host_count());
  real("density", static_cast<double>(graph.links().size()) / (n * (n - 1.0) / 2.0));
}

}  // namespace

std::size_t tiers_node_count(const TiersPlatformParameters& p)
{
  const std::size_t mans = saturating_product(p.wans, p.mans_per_wan);
  const std::size_t lans = saturating_product(mans, p.lans_per_man);
  return saturating_sum(saturating_sum(saturating_product(p.wans, p.wan_nodes), saturating_product(mans, p.man_nodes)),
                        saturating_product(lans, p.lan_nodes));
}

TiersPlatformParameters tiers_preset(std::size_t node_count)
{
  TiersPlatformParameters p;  // the defaults are the 30-node preset
  if (node_count == 30)
    return p;
  if (node_count != 65)
    throw std::invalid_argument("tiers platform: 'preset' must be 30 or 65 (got " + std::to_string(node_count) + ")");
  p.mans_per_wan = 4, p.lans_per_man = 2;
  p.wan_nodes = 5, p.man_nodes = 5, p.lan_nodes = 5;
  p.wan_redundancy = 1, p.man_redundancy = 1, p.lan_redundancy = 1;
  p.man_wan_links = 2, p.lan_man_links = 1;
  return p;
}

std::int64_t tiers_squared_distance(const TiersTopology::Node& a, const TiersTopology::Node& b)
{
  const std::int64_t dx = a.x - b.x, dy = a.y - b.y;
  return dx * dx + dy * dy;
}

TiersTopology build_tiers_topology(const TiersPlatformParameters& parameters)
{
  validate(parameters);
  std::mt19937_64 rng(parameters.seed);
  return build_topology(parameters, rng);
}

PlatformGraph generate_tiers_platform(const TiersPlatformParameters& parameters)
{
  validate(parameters);
  std::mt19937_64 rng(parameters.seed);
  const TiersTopology topology = build_topology(parameters, rng);
  std::vector<std::string> names;
  for (const auto& node : topology.nodes)
    names.push_back(node.name);
  PlatformGraph graph(PlatformGraph::Shape::routed_graph, std::move(names));
  for (const auto& edge : topology.edges) {
    const TierLink tier = tier_link(parameters, edge.tier);
    graph.add_link({edge.a, edge.b, draw_bandwidth(rng, tier), tier.latency, false});
  }
  apply_fastest_link_send_overheads(graph);
  record_parameters(graph, parameters);
  return graph;
}

}  // namespace hbcast
