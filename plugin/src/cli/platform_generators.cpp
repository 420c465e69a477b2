#include <hbcast/cli/platform_generators.hpp>

#include <hbcast/model/multisite_platform_generator.hpp>
#include <hbcast/cluster/cluster_size_generator.hpp>
#include <hbcast/cluster/two_level_platform.hpp>
#include <hbcast/model/random_platform_generator.hpp>
#include <hbcast/model/sender_only_instances.hpp>
#include <hbcast/model/star_platform_generator.hpp>
#include <hbcast/model/tiers_platform_generator.hpp>
#include <hbcast/platform/multisite_xml_writer.hpp>
#include <hbcast/platform/platform_xml_writer.hpp>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <sstream>
#include <stdexcept>
#include <type_traits>

namespace hbcast::cli {
namespace {

// A decimal parameter of generator parameters P, stored in member `member`.
template <class P>
struct RealField {
  const char* name;
  const char* value_name;
  const char* description;
  double P::*member;
};

// A whole-number parameter of generator parameters P (node counts, Tiers' counts).
template <class P>
struct CountField {
  const char* name;
  const char* value_name;
  const char* description;
  std::size_t P::*member;
};

template <class P>
struct GeneratorFields {
  std::vector<CountField<P>> counts;
  std::vector<RealField<P>> reals;
};

const GeneratorFields<RandomPlatformParameters>& random_fields()
{
  using P = RandomPlatformParameters;
  static const GeneratorFields<P> fields = {{{"nodes", "N", "number of hosts, at least 2", &P::node_count}}, {
      {"density", "P", "probability of an edge between two nodes, in [0, 1] (seed 002 Table 2: 0.04 to 0.20)",
       &P::density},
      {"bw-mean", "BYTES_PER_S", "mean of the Gaussian link bandwidth, bytes/s (Table 2: 100 MB/s)",
       &P::bandwidth_mean},
      {"bw-sd", "BYTES_PER_S", "standard deviation of the link bandwidth, bytes/s (Table 2: 20 MB/s)",
       &P::bandwidth_sd},
      {"latency", "SECONDS", "latency of every link, seconds (Table 2 has none)", &P::link_latency},
  }};
  return fields;
}

const GeneratorFields<StarPlatformParameters>& star_fields()
{
  using P = StarPlatformParameters;
  static const GeneratorFields<P> fields = {{{"nodes", "N", "number of hosts, at least 2", &P::node_count}}, {
      {"bw-min", "BYTES_PER_S", "lowest link bandwidth, bytes/s", &P::bandwidth_min},
      {"bw-max", "BYTES_PER_S", "highest link bandwidth, bytes/s", &P::bandwidth_max},
      {"lat-min", "SECONDS", "lowest link latency, seconds", &P::latency_min},
      {"lat-max", "SECONDS", "highest link latency, seconds", &P::latency_max},
  }};
  return fields;
}

const GeneratorFields<SenderOnlyPlatformParameters>& sender_only_fields()
{
  using P = SenderOnlyPlatformParameters;
  static const GeneratorFields<P> fields = {
      {{"nodes", "N", "number of processors, at least 2", &P::node_count},
       {"classes", "K", "speed classes evenly spaced from t-min to t-max, each host drawing one (0: uniform times)",
        &P::classes}},
      {
          {"t-min", "SECONDS", "fastest transmission time, for a message of message-bytes", &P::time_min},
          {"t-max", "SECONDS", "slowest transmission time", &P::time_max},
          {"message-bytes", "BYTES", "message size the times are for (they scale linearly with the size)",
           &P::message_bytes},
      }};
  return fields;
}

// Named after Tiers' command line NW NM NL SW SM SL RW RM RL RMW RLM (Calvert, Doar, Zegura 1997).
const GeneratorFields<TiersPlatformParameters>& tiers_fields()
{
  using P = TiersPlatformParameters;
  static const GeneratorFields<P> fields = {
      {
          {"wans", "N", "NW, number of WANs (Tiers builds exactly 1)", &P::wans},
          {"mans-per-wan", "N", "NM, MANs per WAN", &P::mans_per_wan},
          {"lans-per-man", "N", "NL, LANs per MAN", &P::lans_per_man},
          {"wan-nodes", "N", "SW, nodes per WAN", &P::wan_nodes},
          {"man-nodes", "N", "SM, nodes per MAN", &P::man_nodes},
          {"lan-nodes", "N", "SL, nodes per LAN (the first is the star's centre)", &P::lan_nodes},
          {"wan-redundancy", "N", "RW, extra edges per WAN node to its nearest unlinked WAN nodes", &P::wan_redundancy},
          {"man-redundancy", "N", "RM, extra edges per MAN node to its nearest unlinked MAN nodes", &P::man_redundancy},
          {"lan-redundancy", "N", "RL, extra edges per LAN leaf to its nearest unlinked leaves", &P::lan_redundancy},
          {"man-wan-links", "N", "RMW, links from each MAN to the WAN (the shortest node pairs)", &P::man_wan_links},
          {"lan-man-links", "N", "RLM, links from each LAN to its MAN (the shortest node pairs)", &P::lan_man_links},
      },
      {
          {"wan-bw-mean", "BYTES_PER_S", "mean Gaussian bandwidth of WAN links, bytes/s", &P::wan_bandwidth_mean},
          {"wan-bw-sd", "BYTES_PER_S", "bandwidth standard deviation of WAN links, bytes/s", &P::wan_bandwidth_sd},
          {"man-bw-mean", "BYTES_PER_S", "mean Gaussian bandwidth of MAN links, bytes/s", &P::man_bandwidth_mean},
          {"man-bw-sd", "BYTES_PER_S", "bandwidth standard deviation of MAN links, bytes/s", &P::man_bandwidth_sd},
          {"lan-bw-mean", "BYTES_PER_S", "mean Gaussian bandwidth of LAN links, bytes/s", &P::lan_bandwidth_mean},
          {"lan-bw-sd", "BYTES_PER_S", "bandwidth standard deviation of LAN links, bytes/s", &P::lan_bandwidth_sd},
          {"wan-latency", "SECONDS", "latency of WAN links (and MAN-WAN attachments), seconds", &P::wan_latency},
          {"man-latency", "SECONDS", "latency of MAN links (and LAN-MAN attachments), seconds", &P::man_latency},
          {"lan-latency", "SECONDS", "latency of LAN links, seconds", &P::lan_latency},
      }};
  return fields;
}

// Seed 003's setting: sites x clusters x nodes, 1 Gb/s node links, 10 Gb/s backbones, WAN in ms.
const GeneratorFields<MultisitePlatformParameters>& multisite_fields()
{
  using P = MultisitePlatformParameters;
  static const GeneratorFields<P> fields = {
      {
          {"sites", "N", "number of sites, at least 1", &P::sites},
          {"clusters-per-site", "N", "clusters per site; sites x clusters-per-site must be 2 to 50", &P::clusters_per_site},
          {"nodes-per-cluster", "N", "hosts per cluster, at least 1", &P::nodes_per_cluster},
      },
      {
          {"node-bw", "BYTES_PER_S", "bandwidth of each node link, bytes/s (1 Gb/s)", &P::node_bandwidth},
          {"node-lat", "SECONDS", "latency of each node link, seconds", &P::node_latency},
          {"backbone-bw", "BYTES_PER_S", "cluster backbone and cluster uplink bandwidth, bytes/s (10 Gb/s)",
           &P::backbone_bandwidth},
          {"backbone-lat", "SECONDS", "latency of each cluster backbone, seconds", &P::backbone_latency},
          {"uplink-lat", "SECONDS", "latency from a cluster router to its site, seconds", &P::uplink_latency},
          {"wan-bw", "BYTES_PER_S", "bandwidth of each site-to-site link, bytes/s (10 Gb/s)", &P::wan_bandwidth},
          {"wan-lat-min", "SECONDS", "lowest site-to-site latency, seconds (seed 003 Table 2: 1 ms)",
           &P::wan_latency_min},
          {"wan-lat-max", "SECONDS", "highest site-to-site latency, seconds (Table 2: 15 ms)", &P::wan_latency_max},
      }};
  return fields;
}

// Seed 004's two-level model: Zipf cluster sizes (Appendix B) on a platform where an
// intra-cluster transfer takes T1 and an inter-cluster one exactly C x T1 (two_level_platform.hpp).
struct ClustersParameters {
  std::size_t clusters = 10;
  std::size_t max_size = 100;
  double theta = 0.0;
  double c = 10.0;
  double unit = 1e-3;
  double bandwidth = 1.25e9;
  std::uint64_t seed = 1;
};

const GeneratorFields<ClustersParameters>& clusters_fields()
{
  using P = ClustersParameters;
  static const GeneratorFields<P> fields = {
      {{"clusters", "K", "number of clusters, at least 1 (host c0-0 is the natural source)", &P::clusters},
       {"max-size", "N", "largest cluster size (Appendix B: 100)", &P::max_size}},
      {{"theta", "T", "Zipf skew in [0, 1]: P(size i) ~ 1 / i^(1 - theta) (Appendix B: 0)", &P::theta},
       {"c", "C", "inter-cluster transfer time over intra-cluster transfer time, >= 1", &P::c},
       {"unit", "SECONDS", "intra-cluster latency, seconds", &P::unit},
       {"bandwidth", "BYTES_PER_S", "host link bandwidth, bytes/s (WAN links: bandwidth / C)", &P::bandwidth}}};
  return fields;
}

constexpr const char* kTiersPreset = "preset";

template <class P>
std::vector<GeneratorParameter> describe(const GeneratorFields<P>& fields)
{
  const P defaults;
  std::vector<GeneratorParameter> parameters;
  if constexpr (std::is_same_v<P, TiersPlatformParameters>)
    parameters.push_back({kTiersPreset, "30|65",
                          "base values the other options override: 30 or 65 nodes (seed 002's Tiers sizes, "
                          "density 0.05-0.15); the defaults below are preset 30's",
                          "30"});
  for (const auto& field : fields.counts)
    parameters.push_back({field.name, field.value_name, field.description, std::to_string(defaults.*field.member)});
  for (const auto& field : fields.reals)
    parameters.push_back({field.name, field.value_name, field.description, shortest_decimal(defaults.*field.member)});
  return parameters;
}

std::string known_keys(const std::vector<GeneratorParameter>& parameters)
{
  std::vector<std::string> names;
  for (const auto& parameter : parameters)
    names.push_back(parameter.name);
  std::sort(names.begin(), names.end());
  std::string joined;
  for (const auto& name : names)
    joined += (joined.empty() ? "" : ", ") + name;
  return joined;
}

std::size_t parse_count(const std::string& generator, const std::string& key, const std::string& text)
{
  std::size_t value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size())
    throw std::invalid_argument(generator + " platform: '" + key + "' must be a whole number (got '" + text + "')");
  return value;
}

double parse_real(const std::string& generator, const std::string& key, const std::string& text)
{
  char* end = nullptr;
  const double value = text.empty() || std::isspace(static_cast<unsigned char>(text[0])) ? NAN
                                                                                        : std::strtod(text.c_str(), &end);
  if (end != text.c_str() + text.size() || !std::isfinite(value))
    throw std::invalid_argument(generator + " platform: '" + key + "' must be a finite number (got '" + text + "')");
  return value;
}

// Applies `given` over `parameters` (the defaults, or a Tiers preset); "preset" is read by the caller.
template <class P>
P parse_parameters(const std::string& generator, const GeneratorFields<P>& fields,
                   const std::map<std::string, std::string>& given, std::uint64_t seed, P parameters = P())
{
  parameters.seed = seed;
  auto named = [](const std::string& key) { return [&key](const auto& field) { return key == field.name; }; };
  for (const auto& [key, text] : given) {
    if (std::is_same_v<P, TiersPlatformParameters> && key == kTiersPreset)
      continue;
    if (auto count = std::find_if(fields.counts.begin(), fields.counts.end(), named(key)); count != fields.counts.end())
      parameters.*(count->member) = parse_count(generator, key, text);
    else if (auto real = std::find_if(fields.reals.begin(), fields.reals.end(), named(key)); real != fields.reals.end())
      parameters.*(real->member) = parse_real(generator, key, text);
    else
      throw std::invalid_argument("unknown parameter '" + key + "' for generator '" + generator +
                                  "' (known: " + known_keys(describe(fields)) + ")");
  }
  return parameters;
}

std::string generate_clusters(const std::map<std::string, std::string>& given, std::uint64_t seed)
{
  ClustersParameters p;
  p.seed = seed;
  auto named = [](const std::string& key) { return [&key](const auto& field) { return key == field.name; }; };
  const auto& fields = clusters_fields();
  for (const auto& [key, text] : given) {
    if (auto count = std::find_if(fields.counts.begin(), fields.counts.end(), named(key)); count != fields.counts.end())
      p.*(count->member) = parse_count("clusters", key, text);
    else if (auto real = std::find_if(fields.reals.begin(), fields.reals.end(), named(key)); real != fields.reals.end())
      p.*(real->member) = parse_real("clusters", key, text);
    else
      throw std::invalid_argument("unknown parameter '" + key + "' for generator 'clusters' (known: bandwidth, c, "
                                  "clusters, max-size, theta, unit)");
  }
  if (p.clusters == 0 || p.clusters > 1000)
    throw std::invalid_argument("clusters platform: 'clusters' must be in 1..1000 (got " + std::to_string(p.clusters) +
                                ")");
  TwoLevelPlatformParameters platform;
  platform.sizes = zipf_cluster_sizes(p.clusters, p.max_size, p.theta, seed);
  platform.global_cost = p.c;
  platform.unit = p.unit;
  platform.bandwidth = p.bandwidth;
  platform.record = {{"generator", "clusters"},          {"seed", std::to_string(seed)},
                     {"clusters", std::to_string(p.clusters)}, {"max-size", std::to_string(p.max_size)},
                     {"theta", shortest_decimal(p.theta)}, {"c", shortest_decimal(p.c)},
                     {"unit", shortest_decimal(p.unit)},   {"bandwidth", shortest_decimal(p.bandwidth)}};
  return two_level_platform_xml(platform);
}

// Tiers: the preset's values first, then the options given; the preset is recorded in the XML.
PlatformGraph generate_tiers(const std::map<std::string, std::string>& given, std::uint64_t seed)
{
  const auto preset_text = given.count(kTiersPreset) > 0 ? given.at(kTiersPreset) : std::string("30");
  const std::size_t preset = parse_count("tiers", kTiersPreset, preset_text);
  PlatformGraph graph =
      generate_tiers_platform(parse_parameters("tiers", tiers_fields(), given, seed, tiers_preset(preset)));
  graph.set_parameter(kTiersPreset, std::to_string(preset));
  return graph;
}

std::string joined_generator_names()
{
  std::string joined;
  for (const auto& name : platform_generator_names())
    joined += (joined.empty() ? "" : ", ") + name;
  return joined;
}

}  // namespace

std::vector<std::string> platform_generator_names()
{
  return {"random", "star", "tiers", "sender-only", "multisite", "clusters"};
}

std::vector<GeneratorParameter> platform_generator_parameters(const std::string& generator)
{
  if (generator == "random")
    return describe(random_fields());
  if (generator == "star")
    return describe(star_fields());
  if (generator == "tiers")
    return describe(tiers_fields());
  if (generator == "sender-only")
    return describe(sender_only_fields());
  if (generator == "multisite")
    return describe(multisite_fields());
  if (generator == "clusters")
    return describe(clusters_fields());
  throw std::invalid_argument("unknown generator '" + generator + "' (known: " + joined_generator_names() + ")");
}

std::string generate_platform_xml(const std::string& generator, const std::map<std::string, std::string>& parameters,
                                  std::uint64_t seed)
{
  platform_generator_parameters(generator);  // rejects an unknown generator
  if (generator == "multisite") {  // routers and nested clusters: not a PlatformGraph
    std::ostringstream xml;
    write_multisite_xml(xml, generate_multisite_platform(parse_parameters(generator, multisite_fields(), parameters, seed)));
    return xml.str();
  }
  if (generator == "clusters")
    return generate_clusters(parameters, seed);
  const PlatformGraph graph =
      generator == "random" ? generate_random_platform(parse_parameters(generator, random_fields(), parameters, seed))
      : generator == "star" ? generate_star_platform(parse_parameters(generator, star_fields(), parameters, seed))
      : generator == "sender-only"
          ? generate_sender_only_platform(parse_parameters(generator, sender_only_fields(), parameters, seed))
          : generate_tiers(parameters, seed);
  std::ostringstream xml;
  write_platform_xml(xml, graph);
  return xml.str();
}

std::uint64_t parse_generator_seed(const std::string& text)
{
  std::uint64_t seed = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), seed);
  if (text.empty() || error != std::errc() || end != text.data() + text.size())
    throw std::invalid_argument("seed must be a whole number in [0, 2^64) (got '" + text + "')");
  return seed;
}

}  // namespace hbcast::cli
