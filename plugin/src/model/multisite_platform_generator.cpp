#include <hbcast/model/multisite_platform_generator.hpp>

#include <hbcast/model/platform_graph.hpp>
#include <hbcast/model/random_platform_generator.hpp>

#include <cmath>
#include <random>

namespace hbcast {
namespace {

void require_multisite(bool condition, const std::string& parameter, const std::string& rule, double value)
{
  require_parameter(condition, "multisite", parameter, rule, value);
}

void validate(const MultisitePlatformParameters& p)
{
  require_multisite(p.sites >= 1, "sites", "at least 1", static_cast<double>(p.sites));
  require_multisite(p.clusters_per_site >= 1, "clusters-per-site", "at least 1", static_cast<double>(p.clusters_per_site));
  const double clusters = static_cast<double>(p.sites) * static_cast<double>(p.clusters_per_site);
  require_multisite(clusters >= 2 && clusters <= 50, "clusters-per-site", "such that sites x clusters-per-site is 2 to 50",
          static_cast<double>(p.clusters_per_site));
  require_multisite(p.nodes_per_cluster >= 1, "nodes-per-cluster", "at least 1", static_cast<double>(p.nodes_per_cluster));
  for (const auto& [name, value] : {std::pair<const char*, double>{"node-bw", p.node_bandwidth},
                                    {"backbone-bw", p.backbone_bandwidth},
                                    {"wan-bw", p.wan_bandwidth}})
    require_multisite(value > 0.0 && std::isfinite(value), name, "finite and > 0", value);
  for (const auto& [name, value] : {std::pair<const char*, double>{"node-lat", p.node_latency},
                                    {"backbone-lat", p.backbone_latency},
                                    {"uplink-lat", p.uplink_latency},
                                    {"wan-lat-min", p.wan_latency_min}})
    require_multisite(value >= 0.0 && std::isfinite(value), name, "finite and >= 0", value);
  require_multisite(std::isfinite(p.wan_latency_max) && p.wan_latency_max >= p.wan_latency_min, "wan-lat-max",
          "finite and at least wan-lat-min = " + shortest_decimal(p.wan_latency_min), p.wan_latency_max);
}

}  // namespace

std::string MultisitePlatform::cluster_name(std::size_t site, std::size_t cluster)
{
  return "s" + std::to_string(site) + "-c" + std::to_string(cluster);
}

MultisitePlatform generate_multisite_platform(const MultisitePlatformParameters& parameters)
{
  validate(parameters);
  const auto& p = parameters;
  MultisitePlatform platform{p, std::vector<double>(p.sites * p.sites, 0.0), {}};
  std::mt19937_64 rng(p.seed);
  for (std::size_t s = 0; s < p.sites; ++s)
    for (std::size_t t = s + 1; t < p.sites; ++t)
      platform.wan_latency[s * p.sites + t] = platform.wan_latency[t * p.sites + s] =
          uniform_between(rng, p.wan_latency_min, p.wan_latency_max);
  auto& record = platform.record;
  record["generator"] = "multisite";
  record["seed"] = std::to_string(p.seed);
  record["sites"] = std::to_string(p.sites);
  record["clusters-per-site"] = std::to_string(p.clusters_per_site);
  record["nodes-per-cluster"] = std::to_string(p.nodes_per_cluster);
  record["node-bw"] = shortest_decimal(p.node_bandwidth);
  record["node-lat"] = shortest_decimal(p.node_latency);
  record["backbone-bw"] = shortest_decimal(p.backbone_bandwidth);
  record["backbone-lat"] = shortest_decimal(p.backbone_latency);
  record["uplink-lat"] = shortest_decimal(p.uplink_latency);
  record["wan-bw"] = shortest_decimal(p.wan_bandwidth);
  record["wan-lat-min"] = shortest_decimal(p.wan_latency_min);
  record["wan-lat-max"] = shortest_decimal(p.wan_latency_max);
  return platform;
}

}  // namespace hbcast
