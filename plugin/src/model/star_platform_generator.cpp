#include <hbcast/model/star_platform_generator.hpp>

#include <hbcast/model/random_platform_generator.hpp>

#include <cmath>
#include <random>
#include <stdexcept>
#include <string>

namespace hbcast {
namespace {

void require_star(bool condition, const std::string& parameter, const std::string& rule, double value)
{
  require_parameter(condition, "star", parameter, rule, value);
}

void validate(const StarPlatformParameters& p)
{
  require_star(p.node_count >= 2, "nodes", "at least 2", static_cast<double>(p.node_count));
  require_star(p.bandwidth_min > 0.0 && std::isfinite(p.bandwidth_min), "bw-min", "finite and > 0", p.bandwidth_min);
  require_star(std::isfinite(p.bandwidth_max), "bw-max", "finite", p.bandwidth_max);
  require_star(p.bandwidth_max >= p.bandwidth_min, "bw-max", "at least bw-min = " + shortest_decimal(p.bandwidth_min),
          p.bandwidth_max);
  require_star(p.latency_min >= 0.0 && std::isfinite(p.latency_min), "lat-min", "finite and >= 0", p.latency_min);
  require_star(std::isfinite(p.latency_max), "lat-max", "finite", p.latency_max);
  require_star(p.latency_max >= p.latency_min, "lat-max", "at least lat-min = " + shortest_decimal(p.latency_min),
          p.latency_max);
}

}  // namespace

PlatformGraph generate_star_platform(const StarPlatformParameters& parameters)
{
  validate(parameters);
  const std::size_t n = parameters.node_count;
  PlatformGraph graph(PlatformGraph::Shape::star, numbered_host_names(n));

  std::mt19937_64 rng(parameters.seed);
  const auto& p = parameters;
  for (std::size_t k = 0; k < n; ++k) {
    const double up_bandwidth = uniform_between(rng, p.bandwidth_min, p.bandwidth_max);
    const double up_latency = uniform_between(rng, p.latency_min, p.latency_max);
    const double down_bandwidth = uniform_between(rng, p.bandwidth_min, p.bandwidth_max);
    const double down_latency = uniform_between(rng, p.latency_min, p.latency_max);
    graph.add_link({k, PlatformGraph::kStarSwitch, up_bandwidth, up_latency, true});
    graph.add_link({PlatformGraph::kStarSwitch, k, down_bandwidth, down_latency, true});
  }
  apply_fastest_link_send_overheads(graph);

  graph.set_parameter("generator", "star");
  graph.set_parameter("seed", std::to_string(p.seed));
  graph.set_parameter("nodes", std::to_string(n));
  graph.set_parameter("bw-min", shortest_decimal(p.bandwidth_min));
  graph.set_parameter("bw-max", shortest_decimal(p.bandwidth_max));
  graph.set_parameter("lat-min", shortest_decimal(p.latency_min));
  graph.set_parameter("lat-max", shortest_decimal(p.latency_max));
  return graph;
}

}  // namespace hbcast
