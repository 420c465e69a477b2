#include <hbcast/model/random_platform_generator.hpp>

#include <boost/pending/disjoint_sets.hpp>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace hbcast {
namespace {

using Edge = std::pair<std::size_t, std::size_t>;

constexpr double kPi = 3.14159265358979323846;

void require_random(bool condition, const std::string& parameter, const std::string& rule, double value)
{
  require_parameter(condition, "random", parameter, rule, value);
}

void validate(const RandomPlatformParameters& p)
{
  require_random(p.node_count >= 2, "nodes", "at least 2", static_cast<double>(p.node_count));
  require_random(p.density >= 0.0 && p.density <= 1.0, "density", "within [0, 1]", p.density);
  require_random(p.bandwidth_mean > 0.0 && std::isfinite(p.bandwidth_mean), "bw-mean", "finite and > 0",
          p.bandwidth_mean);
  require_random(p.bandwidth_sd >= 0.0 && std::isfinite(p.bandwidth_sd), "bw-sd", "finite and >= 0", p.bandwidth_sd);
  require_random(p.link_latency >= 0.0 && std::isfinite(p.link_latency), "latency", "finite and >= 0", p.link_latency);
}


// Step 1 (see the header): one uniform per unordered pair, in lexicographic order.
std::vector<Edge> draw_edges(std::mt19937_64& rng, std::size_t n, double density)
{
  std::vector<Edge> edges;
  for (std::size_t u = 0; u < n; ++u)
    for (std::size_t v = u + 1; v < n; ++v)
      if (unit_uniform_draw(rng) < density)
        edges.emplace_back(u, v);
  return edges;
}

// Step 2: join every other component to the connected part (which starts as node 0's component
// and grows by appending each joined component) with one edge between uniformly chosen nodes.
std::size_t repair_connectivity(std::mt19937_64& rng, std::size_t n, std::vector<Edge>& edges)
{
  std::vector<std::size_t> rank(n), parent(n);
  boost::disjoint_sets<std::size_t*, std::size_t*> sets(rank.data(), parent.data());
  for (std::size_t u = 0; u < n; ++u)
    sets.make_set(u);
  for (const auto& [u, v] : edges)
    sets.union_set(u, v);
  std::vector<std::vector<std::size_t>> components;  // ordered by smallest node, nodes increasing
  std::vector<std::size_t> component_of_root(n, n);
  for (std::size_t u = 0; u < n; ++u) {
    const std::size_t root = sets.find_set(u);
    if (component_of_root[root] == n) {
      component_of_root[root] = components.size();
      components.emplace_back();
    }
    components[component_of_root[root]].push_back(u);
  }
  std::vector<std::size_t> connected = components.front();
  for (std::size_t c = 1; c < components.size(); ++c) {
    const std::size_t newcomer = components[c][uniform_index(rng, components[c].size())];
    const std::size_t anchor = connected[uniform_index(rng, connected.size())];
    edges.emplace_back(std::min(newcomer, anchor), std::max(newcomer, anchor));
    connected.insert(connected.end(), components[c].begin(), components[c].end());
  }
  return components.size() - 1;
}

// Step 3: Gaussian bandwidth, drawn again while at or below the floor (Beaumont-Marchal-Robert, Table 2).
double draw_bandwidth(std::mt19937_64& rng, const RandomPlatformParameters& p, double floor)
{
  for (;;) {
    const double bandwidth = p.bandwidth_mean + p.bandwidth_sd * standard_normal_draw(rng);
    if (bandwidth > floor)
      return bandwidth;
  }
}

}  // namespace

double unit_uniform_draw(std::mt19937_64& rng)
{
  return static_cast<double>(rng() >> 11) * 0x1.0p-53;
}

double uniform_between(std::mt19937_64& rng, double low, double high)
{
  return low + unit_uniform_draw(rng) * (high - low);
}

std::size_t uniform_index(std::mt19937_64& rng, std::size_t count)
{
  const auto index = static_cast<std::size_t>(unit_uniform_draw(rng) * static_cast<double>(count));
  return std::min(index, count - 1);
}

double standard_normal_draw(std::mt19937_64& rng)
{
  const double u1 = unit_uniform_draw(rng);
  const double u2 = unit_uniform_draw(rng);
  // 1 - u1 lies in (0, 1], so the logarithm is finite.
  return std::sqrt(-2.0 * std::log(1.0 - u1)) * std::cos(2.0 * kPi * u2);
}

double random_platform_bandwidth_floor(double bandwidth_mean)
{
  return std::min(1e6, bandwidth_mean / 100.0);
}

PlatformGraph generate_random_platform(const RandomPlatformParameters& parameters)
{
  validate(parameters);
  const std::size_t n = parameters.node_count;
  std::mt19937_64 rng(parameters.seed);
  std::vector<Edge> edges = draw_edges(rng, n, parameters.density);
  const std::size_t repair_edges = repair_connectivity(rng, n, edges);
  const double floor = random_platform_bandwidth_floor(parameters.bandwidth_mean);

  PlatformGraph graph(PlatformGraph::Shape::routed_graph, numbered_host_names(n));
  for (const auto& [u, v] : edges)
    graph.add_link({u, v, draw_bandwidth(rng, parameters, floor), parameters.link_latency, false});
  apply_fastest_link_send_overheads(graph);

  graph.set_parameter("generator", "random");
  graph.set_parameter("seed", std::to_string(parameters.seed));
  graph.set_parameter("nodes", std::to_string(n));
  graph.set_parameter("density", shortest_decimal(parameters.density));
  graph.set_parameter("bw-mean", shortest_decimal(parameters.bandwidth_mean));
  graph.set_parameter("bw-sd", shortest_decimal(parameters.bandwidth_sd));
  graph.set_parameter("bw-floor", shortest_decimal(floor));
  graph.set_parameter("latency", shortest_decimal(parameters.link_latency));
  graph.set_parameter("edges", std::to_string(edges.size()));
  graph.set_parameter("repair-edges", std::to_string(repair_edges));
  return graph;
}

}  // namespace hbcast
