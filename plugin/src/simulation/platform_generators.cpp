#include <hbcast/simulation/platform_generators.hpp>

#include <hbcast/cluster/two_level_platform.hpp>
#include <hbcast/model/multisite_platform_generator.hpp>
#include <hbcast/model/random_platform_generator.hpp>
#include <hbcast/model/sender_only_instances.hpp>
#include <hbcast/model/star_platform_generator.hpp>
#include <hbcast/model/tiers_platform_generator.hpp>
#include <hbcast/model/link_platform_parameters.hpp>
#include <hbcast/platform/link_platform_xml_writer.hpp>
#include <hbcast/platform/multisite_xml_writer.hpp>
#include <hbcast/platform/platform_xml_writer.hpp>
#include <hbcast/platform/two_level_xml_writer.hpp>
#include <hbcast/util/number_parsing.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <sstream>
#include <stdexcept>
#include <utility>
#include <vector>

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
  std::vector<GeneratorParameter> read_by_generator;  ///< listed first; the generator reads them itself
};

const GeneratorFields<RandomPlatformParameters>& random_fields()
{
  using P = RandomPlatformParameters;
  static const GeneratorFields<P> fields = {{{"nodes", "N", "number of hosts, at least 2", &P::node_count}}, {
      {"density", "P", "probability of an edge between two nodes, in [0, 1] (Beaumont-Marchal-Robert Table 2: 0.04 to 0.20)",
       &P::density},
      {"bw-mean", "BYTES_PER_S", "mean of the Gaussian link bandwidth, bytes/s (Table 2: 100 MB/s)",
       &P::bandwidth_mean},
      {"bw-sd", "BYTES_PER_S", "standard deviation of the link bandwidth, bytes/s (Table 2: 20 MB/s)",
       &P::bandwidth_sd},
      {"latency", "SECONDS", "latency of every link, seconds (Table 2 has none)", &P::link_latency},
  }, {}};
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
  }, {}};
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
      }, {}};
  return fields;
}

constexpr const char* kTiersPreset = "preset";

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
      },
      {{kTiersPreset, "30|65",
        "base values the other options override: 30 or 65 nodes (Beaumont-Marchal-Robert's Tiers sizes, density 0.05-0.15); "
        "the defaults below are preset 30's",
        "30"}}};
  return fields;
}

// Barchet-Steffenel-Mounié's setting: sites x clusters x nodes, 1 Gb/s node links, 10 Gb/s backbones, WAN in ms.
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
          {"wan-lat-min", "SECONDS", "lowest site-to-site latency, seconds (Barchet-Steffenel-Mounié Table 2: 1 ms)",
           &P::wan_latency_min},
          {"wan-lat-max", "SECONDS", "highest site-to-site latency, seconds (Table 2: 15 ms)", &P::wan_latency_max},
      }, {}};
  return fields;
}

// Khuller-Kim-Wan's two-level model: Zipf cluster sizes (Appendix B) on a platform where an
// intra-cluster transfer takes T1 and an inter-cluster one exactly C x T1 (two_level_platform.hpp).
const GeneratorFields<ClusterPlatformParameters>& clusters_fields()
{
  using P = ClusterPlatformParameters;
  static const GeneratorFields<P> fields = {
      {{"clusters", "K", "number of clusters, at least 1 (host c0-0 is the natural source)", &P::clusters},
       {"max-size", "N", "largest cluster size (Appendix B: 100)", &P::max_size}},
      {{"theta", "T", "Zipf skew in [0, 1]: P(size i) ~ 1 / i^(1 - theta) (Appendix B: 0)", &P::theta},
       {"c", "C", "inter-cluster transfer time over intra-cluster transfer time, >= 1", &P::c},
       {"unit", "SECONDS", "intra-cluster latency, seconds", &P::unit},
       {"bandwidth", "BYTES_PER_S", "host link bandwidth, bytes/s (WAN links: bandwidth / C)", &P::bandwidth}}, {}};
  return fields;
}

// The link-level families (link_platform_parameters.hpp): shared backbones, fat-trees, dragonflies.
const GeneratorFields<BackbonePlatformParameters>& backbone_fields()
{
  using P = BackbonePlatformParameters;
  static const GeneratorFields<P> fields = {
      {{"clusters", "K", "number of clusters, at least 1", &P::clusters},
       {"nodes", "N", "hosts per cluster, at least 1", &P::nodes}},
      {{"bandwidth", "BYTES_PER_S", "host link bandwidth (SPLITDUPLEX)", &P::bandwidth},
       {"latency", "SECONDS", "host link latency", &P::latency},
       {"bb-bandwidth", "BYTES_PER_S", "SHARED backbone bandwidth", &P::backbone_bandwidth},
       {"bb-latency", "SECONDS", "backbone latency", &P::backbone_latency},
       {"uplink-bandwidth", "BYTES_PER_S", "bandwidth of each cluster's SPLITDUPLEX uplink", &P::uplink_bandwidth},
       {"uplink-latency", "SECONDS", "uplink latency", &P::uplink_latency}},
      {}};
  return fields;
}

const GeneratorFields<FatTreePlatformParameters>& fat_tree_fields()
{
  using P = FatTreePlatformParameters;
  static const GeneratorFields<P> fields = {
      {{"leaves", "L", "leaf switches", &P::leaves},
       {"hosts-per-leaf", "H", "hosts under each leaf", &P::hosts_per_leaf},
       {"spines", "S", "spine switches (each leaf links to every spine)", &P::spines},
       {"links-per-spine", "P", "parallel links from a leaf to each spine", &P::links_per_spine}},
      {{"bandwidth", "BYTES_PER_S", "bandwidth of every link (SPLITDUPLEX)", &P::bandwidth},
       {"latency", "SECONDS", "latency of every link", &P::latency}},
      {}};
  return fields;
}

const GeneratorFields<DragonflyPlatformParameters>& dragonfly_fields()
{
  using P = DragonflyPlatformParameters;
  static const GeneratorFields<P> fields = {
      {{"groups", "G", "groups", &P::groups},
       {"group-links", "N", "links between two groups", &P::group_links},
       {"chassis", "C", "chassis per group", &P::chassis},
       {"chassis-links", "N", "links between two chassis of a group", &P::chassis_links},
       {"routers", "R", "routers per chassis", &P::routers},
       {"router-links", "N", "links between two routers of a chassis", &P::router_links},
       {"nodes", "N", "hosts per router", &P::nodes}},
      {{"bandwidth", "BYTES_PER_S", "bandwidth of every link (SPLITDUPLEX)", &P::bandwidth},
       {"latency", "SECONDS", "latency of every link", &P::latency}},
      {}};
  return fields;
}

// generator, seed and every parameter's value, for the generated file's header.
template <class P>
std::map<std::string, std::string> record_of(const std::string& generator, const GeneratorFields<P>& fields,
                                             const P& parameters)
{
  std::map<std::string, std::string> record{{"generator", generator}, {"seed", std::to_string(parameters.seed)}};
  for (const auto& field : fields.counts)
    record[field.name] = std::to_string(parameters.*field.member);
  for (const auto& field : fields.reals)
    record[field.name] = shortest_decimal(parameters.*field.member);
  return record;
}

template <class P>
std::vector<GeneratorParameter> describe(const GeneratorFields<P>& fields)
{
  const P defaults;
  std::vector<GeneratorParameter> parameters = fields.read_by_generator;
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
  return fmt::format("{}", fmt::join(names, ", "));
}

std::size_t parse_count(const std::string& generator, const std::string& key, const std::string& text)
{
  const auto value = parse_whole_number(text);
  if (!value)
    throw std::invalid_argument(generator + " platform: '" + key + "' must be a whole number (got '" + text + "')");
  return *value;
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

// Applies `given` over `parameters` (the defaults, or a Tiers preset); the keys the generator
// reads itself (read_by_generator) are skipped.
template <class P>
P parse_parameters(const std::string& generator, const GeneratorFields<P>& fields,
                   const std::map<std::string, std::string>& given, std::uint64_t seed, P parameters = P())
{
  parameters.seed = seed;
  auto named = [](const std::string& key) { return [&key](const auto& field) { return key == field.name; }; };
  for (const auto& [key, text] : given) {
    const auto& own = fields.read_by_generator;
    if (std::find_if(own.begin(), own.end(), named(key)) != own.end())
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

// Past these a generated platform would not load in SimGrid (a cluster's radical is read as an int)
// or not fit in memory (about 21 KB per host loaded and replayed, the notes' 2.1 GB at 10^5
// hosts), and a file past a gigabyte would take minutes to write: refused before anything is
// built, with the estimate.
constexpr double kMostGeneratedHosts = 1e6;
constexpr double kMostGeneratedBytes = 1e9;

// The host count is the product of `counts` (named as on the command line); it and `bytes` are
// estimates in doubles (products of counts overflow std::size_t).
void check_generated_size(const std::string& generator, const std::vector<std::pair<std::string, double>>& counts,
                          double bytes, const std::string& bytes_formula)
{
  double hosts = 1.0;
  std::string hosts_formula;
  for (const auto& [name, count] : counts) {
    if (count < 1.0)
      return;  // the generator's own check names the parameter and its least value
    hosts *= count;
    hosts_formula += (hosts_formula.empty() ? "" : " x ") + name;
  }
  if (hosts > kMostGeneratedHosts)
    throw std::invalid_argument(fmt::format("{} platform: {} = {:.3g} hosts, more than the {:.0f} a SimGrid platform "
                                            "can hold here",
                                            generator, hosts_formula, hosts, kMostGeneratedHosts));
  if (bytes > kMostGeneratedBytes)
    throw std::invalid_argument(fmt::format("{} platform: about {:.3g} bytes of XML ({}), more than {:.0g}: use "
                                            "fewer",
                                            generator, bytes, bytes_formula, kMostGeneratedBytes));
}

// SimGrid 3.32's DRAGONFLY zone (DragonflyZone) links group i to group j through router j of
// group i, and routes to another group through the router of the chassis whose blade number is the
// target group's: with fewer routers per chassis than groups it reads past its link tables and
// crashes (3,1;2,1;2,1;2 did; SimGrid's own example 3,4;4,3;5,1;2 has 5 routers for 3 groups). Its
// link counts multiply a link's bandwidth, so a 0 would make links that carry nothing.
void check_dragonfly_shape(const DragonflyPlatformParameters& p)
{
  const auto refuse = [](const std::string& why) {
    throw std::invalid_argument("dragonfly platform: SimGrid 3.32 cannot route this shape: " + why);
  };
  // A zero count of groups, chassis, routers or nodes is left to the writer's own check, which
  // names the parameter and its least value.
  if (p.groups < 1 || p.chassis < 1 || p.routers < 1 || p.nodes < 1)
    return;
  if (p.group_links < 1 || p.chassis_links < 1 || p.router_links < 1)
    refuse("group-links, chassis-links and router-links multiply the link bandwidth: each must be at least 1");
  if (p.groups > 1 && p.routers < p.groups)
    refuse("it reaches group g through router g of a chassis, so routers (" + std::to_string(p.routers) +
           ") must be at least groups (" + std::to_string(p.groups) + ")");
}

std::string graph_xml(const PlatformGraph& graph)
{
  std::ostringstream xml;
  write_platform_xml(xml, graph);
  return xml.str();
}

// Tiers: the preset's values first, then the options given; the preset is recorded in the XML.
std::string generate_tiers(const std::string& generator, const std::map<std::string, std::string>& given,
                           std::uint64_t seed, bool xml_wanted)
{
  const auto preset_text = given.count(kTiersPreset) > 0 ? given.at(kTiersPreset) : std::string("30");
  const std::size_t preset = parse_count(generator, kTiersPreset, preset_text);
  PlatformGraph graph =
      generate_tiers_platform(parse_parameters(generator, tiers_fields(), given, seed, tiers_preset(preset)));
  graph.set_parameter(kTiersPreset, std::to_string(preset));
  return xml_wanted ? graph_xml(graph) : std::string();
}

// Everything about each generator, in the order --help lists them.
const std::vector<PlatformGenerator>& generator_table()
{
  using Given = std::map<std::string, std::string>;
  static const std::vector<PlatformGenerator> table = {
      {"random", "random graph of Beaumont-Marchal-Robert (section 5.1, Table 2), Gaussian link bandwidths",
       "Each pair of nodes is linked with probability --density; components are then joined by added "
       "edges so the platform is connected. Every edge is a SPLITDUPLEX link; other routes take the "
       "fewest hops (Floyd). Send overhead: 0.8 x the node's fastest link (multi-port).",
       describe(random_fields()),
       [](const std::string& generator, const Given& given, std::uint64_t seed, bool xml_wanted) {
         const auto parameters = parse_parameters(generator, random_fields(), given, seed);
         const double n = static_cast<double>(parameters.node_count);
         check_generated_size(generator, {{"nodes", n}}, 200.0 * n + 300.0 * std::max(parameters.density, 0.0) * n * n,
                              "a link per linked pair and a route per pair");
         if (!xml_wanted) {
           // The checks read the count only through its least value: 2 nodes check the rest without
           // drawing n^2 / 2 pairs.
           auto least = parameters;
           least.node_count = std::min<std::size_t>(least.node_count, 2);
           generate_random_platform(least);
           return std::string();
         }
         return graph_xml(generate_random_platform(parameters));
       }},
      {"star", "heterogeneous star, private up and down links, uniform bandwidths and latencies",
       "Route u->v = up_u, down_v: contention-free for one-port trees. Bandwidths and latencies are "
       "uniform in [min, max]. Send overhead: 0.8 x the host's up link (multi-port).",
       describe(star_fields()),
       [](const std::string& generator, const Given& given, std::uint64_t seed, bool xml_wanted) {
         const auto parameters = parse_parameters(generator, star_fields(), given, seed);
         const double n = static_cast<double>(parameters.node_count);
         // Measured: 451 KB for 1,000 nodes (a host, an up and a down link each; routes are implicit).
         check_generated_size(generator, {{"nodes", n}}, 500.0 * n, "a host and two links per node");
         const PlatformGraph graph = generate_star_platform(parameters);
         return xml_wanted ? graph_xml(graph) : std::string();
       }},
      {"tiers", "Tiers-style WAN/MAN/LAN hierarchy (Calvert, Doar, Zegura 1997; Beaumont-Marchal-Robert section 5.1)",
       "Nodes are placed at random on integer grids (WAN 10000 wide; each MAN a 1000 square in it; each LAN "
       "a 100 square in its MAN). The WAN and each MAN are Euclidean minimum spanning trees, plus per node "
       "its R nearest unlinked nodes (redundancy); each LAN is a star on its first node, plus leaf-to-leaf "
       "redundancy; each MAN joins the WAN and each LAN its MAN by the shortest node pairs. Every node is a "
       "host, every edge a SPLITDUPLEX link with a Gaussian bandwidth of its tier; Floyd routing. Send "
       "overhead: 0.8 x the node's fastest link (multi-port). --preset 30|65 gives Beaumont-Marchal-Robert's sizes.",
       describe(tiers_fields()), generate_tiers},
      {"sender-only", "star realizing the sender-only model exactly: processor u sends to anyone in t_u (Liu)",
       "Host u's up link carries message-bytes in t_u, with no latency; every down link is as fast as the "
       "fastest up link, so T_uv = t_u for every v (exact in hbcast's exact mode). Times come from K "
       "evenly spaced classes (Liu's Table 1 setup with 3) or, with --classes 0, uniform draws.",
       describe(sender_only_fields()),
       [](const std::string& generator, const Given& given, std::uint64_t seed, bool xml_wanted) {
         const auto parameters = parse_parameters(generator, sender_only_fields(), given, seed);
         const double n = static_cast<double>(parameters.node_count);
         check_generated_size(generator, {{"nodes", n}}, 200.0 * n * n, "a route per pair");
         const PlatformGraph graph = generate_sender_only_platform(parameters);
         return xml_wanted ? graph_xml(graph) : std::string();
       }},
      {"multisite", "sites x clusters x nodes: 1 Gb/s node links, 10 Gb/s backbones, WAN latencies in ms (Barchet-Steffenel-Mounié)",
       "Two zone levels (SimGrid 3.32 routing across deeper nesting has bugs): a Full root zone with one "
       "<cluster> per cluster (SPLITDUPLEX node links, SHARED backbone); each cluster router has its own "
       "uplink to its site; sites are joined pairwise by WAN links whose latencies are uniform in "
       "[wan-lat-min, wan-lat-max]. Hosts are named s<site>-c<cluster>-<node>. No send overhead properties.",
       describe(multisite_fields()),
       [](const std::string& generator, const Given& given, std::uint64_t seed, bool /*xml_wanted*/) {
         // Routers and nested clusters: not a PlatformGraph.
         std::ostringstream xml;
         write_multisite_xml(xml,
                             generate_multisite_platform(parse_parameters(generator, multisite_fields(), given, seed)));
         return xml.str();
       }},
      {"clusters", "Khuller-Kim-Wan two-level clusters: intra-cluster transfer T1, inter-cluster exactly C x T1, Zipf sizes",
       "Cluster sizes Zipf(theta) over 1..max-size (Khuller-Kim-Wan, Appendix B). Each cluster is a <cluster> of "
       "private FATPIPE links (latency unit/2); clusters are joined pairwise over per-cluster FATPIPE WAN "
       "links (latency (C-1) unit/2, bandwidth / C), so a transfer of S bytes takes unit + S/bandwidth "
       "inside a cluster and exactly C times that between clusters, in exact mode. Send overhead = one "
       "intra-cluster transfer (the postal model, with --port multi). k(k-1)/2 zone routes: at most 1000 "
       "clusters.",
       describe(clusters_fields()),
       [](const std::string& generator, const Given& given, std::uint64_t seed, bool /*xml_wanted*/) {
         return two_level_platform_xml(
             draw_cluster_platform(parse_parameters(generator, clusters_fields(), given, seed)));
       }},
      {"backbone", "clusters behind SHARED backbones, joined by per-cluster uplinks (link-aware broadcast)",
       "Each cluster is a SimGrid <cluster> with SPLITDUPLEX host links and a SHARED backbone; each cluster "
       "router has a SPLITDUPLEX uplink, and a route between clusters crosses both uplinks. Concurrent "
       "transfers share the backbones and uplinks. No random choice (the seed is recorded only).",
       describe(backbone_fields()),
       [](const std::string& generator, const Given& given, std::uint64_t seed, bool /*xml_wanted*/) {
         const auto parameters = parse_parameters(generator, backbone_fields(), given, seed);
         const double clusters = static_cast<double>(parameters.clusters);
         check_generated_size(generator, {{"clusters", clusters}, {"nodes", static_cast<double>(parameters.nodes)}},
                              300.0 * clusters + 400.0 * clusters * clusters, "a zone route per pair of clusters");
         return backbone_platform_xml(parameters, record_of(generator, backbone_fields(), parameters));
       }},
      {"fat-tree", "two-level fat-tree cluster (SimGrid FAT_TREE), over-subscribed when leaves have few uplinks",
       "One SimGrid <cluster topology=\"FAT_TREE\"> with topo_parameters 2;H,L;1,S;1,P: L leaves of H hosts, "
       "each leaf linked to each of S spines by P links, every link SPLITDUPLEX. No random choice (the seed "
       "is recorded only).",
       describe(fat_tree_fields()),
       [](const std::string& generator, const Given& given, std::uint64_t seed, bool /*xml_wanted*/) {
         const auto parameters = parse_parameters(generator, fat_tree_fields(), given, seed);
         check_generated_size(generator,
                              {{"leaves", static_cast<double>(parameters.leaves)},
                               {"hosts-per-leaf", static_cast<double>(parameters.hosts_per_leaf)}},
                              0.0, "");
         if (parameters.spines < 1 || parameters.links_per_spine < 1)
           throw std::invalid_argument("fat-tree platform: spines and links-per-spine must each be at least 1");
         return fat_tree_platform_xml(parameters, record_of(generator, fat_tree_fields(), parameters));
       }},
      {"dragonfly", "dragonfly cluster (SimGrid DRAGONFLY): groups of chassis of routers of hosts",
       "One SimGrid <cluster topology=\"DRAGONFLY\"> with topo_parameters G,g;C,c;R,r;N, every link "
       "SPLITDUPLEX. No random choice (the seed is recorded only).",
       describe(dragonfly_fields()),
       [](const std::string& generator, const Given& given, std::uint64_t seed, bool /*xml_wanted*/) {
         const auto parameters = parse_parameters(generator, dragonfly_fields(), given, seed);
         check_dragonfly_shape(parameters);
         check_generated_size(generator,
                              {{"groups", static_cast<double>(parameters.groups)},
                               {"chassis", static_cast<double>(parameters.chassis)},
                               {"routers", static_cast<double>(parameters.routers)},
                               {"nodes", static_cast<double>(parameters.nodes)}},
                              0.0, "");
         return dragonfly_platform_xml(parameters, record_of(generator, dragonfly_fields(), parameters));
       }},
  };
  return table;
}

const PlatformGenerator& find_generator(const std::string& generator)
{
  for (const auto& entry : generator_table())
    if (entry.name == generator)
      return entry;
  throw std::invalid_argument("unknown generator '" + generator + "' (known: " +
                              fmt::format("{}", fmt::join(platform_generator_names(), ", ")) + ")");
}

}  // namespace

const std::vector<PlatformGenerator>& platform_generators()
{
  return generator_table();
}

std::vector<std::string> platform_generator_names()
{
  std::vector<std::string> names;
  for (const auto& entry : generator_table())
    names.push_back(entry.name);
  return names;
}

std::vector<GeneratorParameter> platform_generator_parameters(const std::string& generator)
{
  return find_generator(generator).parameters;
}

std::string generate_platform_xml(const std::string& generator, const std::map<std::string, std::string>& parameters,
                                  std::uint64_t seed)
{
  const PlatformGenerator& entry = find_generator(generator);
  return entry.generate(entry.name, parameters, seed, true);
}

void check_platform_parameters(const std::string& generator, const std::map<std::string, std::string>& parameters)
{
  const PlatformGenerator& entry = find_generator(generator);
  entry.generate(entry.name, parameters, 0, false);
}

std::uint64_t parse_generator_seed(const std::string& text)
{
  const auto seed = parse_whole_number(text);
  if (!seed)
    throw std::invalid_argument("seed must be a whole number in [0, 2^64) (got '" + text + "')");
  return *seed;
}

}  // namespace hbcast::cli
