#include <hbcast/platform/link_platform_xml_writer.hpp>

#include <hbcast/model/platform_graph.hpp>
#include <hbcast/platform/generated_header.hpp>

#include <sstream>
#include <stdexcept>

namespace hbcast {
namespace {

void require_count(const char* generator, const char* key, std::size_t value)
{
  if (value == 0)
    throw std::invalid_argument(std::string(generator) + " platform: '" + key + "' must be at least 1");
}

void require_link(const char* generator, const char* what, double bandwidth, double latency)
{
  if (!(bandwidth > 0.0) || !(latency >= 0.0))
    throw std::invalid_argument(std::string(generator) + " platform: " + what +
                                " bandwidth must be > 0 and latency >= 0");
}

std::string bandwidth_text(double value) { return shortest_decimal(value) + "Bps"; }
std::string latency_text(double value) { return shortest_decimal(value) + "s"; }

std::string cluster_name(std::size_t c) { return "c" + std::to_string(c); }

// One <cluster> of the backbone family.
void write_backbone_cluster(std::ostream& out, const BackbonePlatformParameters& p, std::size_t c)
{
  const std::string name = cluster_name(c);
  out << "    <cluster id=\"" << name << "\" prefix=\"" << name << "-\" suffix=\"\" radical=\"0-" << p.nodes - 1
      << "\" speed=\"1Gf\" bw=\"" << bandwidth_text(p.bandwidth) << "\" lat=\"" << latency_text(p.latency)
      << "\" sharing_policy=\"SPLITDUPLEX\" bb_bw=\"" << bandwidth_text(p.backbone_bandwidth) << "\" bb_lat=\""
      << latency_text(p.backbone_latency) << "\" bb_sharing_policy=\"SHARED\" router_id=\"" << name << "-router\"/>\n";
}

std::string single_cluster(const std::string& topology, const std::string& parameters, std::size_t hosts,
                           double bandwidth, double latency)
{
  std::ostringstream out;
  out << "  <cluster id=\"" << (topology == "FAT_TREE" ? "fat-tree" : "dragonfly") << "\" prefix=\"node-\" suffix=\"\""
      << " radical=\"0-" << hosts - 1 << "\" speed=\"1Gf\" bw=\"" << bandwidth_text(bandwidth) << "\" lat=\"" << latency_text(latency)
      << "\" sharing_policy=\"SPLITDUPLEX\" topology=\"" << topology << "\" topo_parameters=\"" << parameters
      << "\"/>\n</platform>\n";
  return out.str();
}

}  // namespace

std::string backbone_platform_xml(const BackbonePlatformParameters& p, const std::map<std::string, std::string>& record)
{
  require_count("backbone", "clusters", p.clusters);
  require_count("backbone", "nodes", p.nodes);
  require_link("backbone", "host link", p.bandwidth, p.latency);
  require_link("backbone", "backbone", p.backbone_bandwidth, p.backbone_latency);
  require_link("backbone", "uplink", p.uplink_bandwidth, p.uplink_latency);
  std::ostringstream out;
  write_generated_header(out, "backbone",
                         std::to_string(p.clusters) + " clusters x " + std::to_string(p.nodes) +
                             " hosts behind SHARED backbones.",
                         record,
                         "  Routes: host_UP, backbone; between clusters the source cluster's uplink (UP) and the\n"
                         "  destination's (DOWN), its backbone; host_DOWN.\n");
  out << "  <zone id=\"backbones\" routing=\"Full\">\n";
  for (std::size_t c = 0; c < p.clusters; ++c)
    write_backbone_cluster(out, p, c);
  for (std::size_t c = 0; c < p.clusters; ++c)
    out << "    <link id=\"" << cluster_name(c) << "-uplink\" bandwidth=\"" << bandwidth_text(p.uplink_bandwidth)
        << "\" latency=\"" << latency_text(p.uplink_latency) << "\" sharing_policy=\"SPLITDUPLEX\"/>\n";
  for (std::size_t a = 0; a < p.clusters; ++a)
    for (std::size_t b = 0; b < p.clusters; ++b)
      if (a != b)
        out << "    <zoneRoute src=\"" << cluster_name(a) << "\" dst=\"" << cluster_name(b) << "\" gw_src=\""
            << cluster_name(a) << "-router\" gw_dst=\"" << cluster_name(b) << "-router\" symmetrical=\"NO\">\n"
            << "      <link_ctn id=\"" << cluster_name(a) << "-uplink\" direction=\"UP\"/>\n"
            << "      <link_ctn id=\"" << cluster_name(b) << "-uplink\" direction=\"DOWN\"/>\n    </zoneRoute>\n";
  out << "  </zone>\n</platform>\n";
  return out.str();
}

std::string fat_tree_platform_xml(const FatTreePlatformParameters& p, const std::map<std::string, std::string>& record)
{
  require_count("fat-tree", "leaves", p.leaves);
  require_count("fat-tree", "hosts-per-leaf", p.hosts_per_leaf);
  require_count("fat-tree", "spines", p.spines);
  require_count("fat-tree", "links-per-spine", p.links_per_spine);
  require_link("fat-tree", "link", p.bandwidth, p.latency);
  const std::string topology = "2;" + std::to_string(p.hosts_per_leaf) + "," + std::to_string(p.leaves) + ";1," +
                               std::to_string(p.spines) + ";1," + std::to_string(p.links_per_spine);
  std::ostringstream out;
  write_generated_header(out, "fat-tree",
                         "two-level fat-tree, " + std::to_string(p.leaves) + " leaves x " +
                             std::to_string(p.hosts_per_leaf) + " hosts, " + std::to_string(p.spines) + " spines.",
                         record, "  SimGrid FAT_TREE topo_parameters " + topology + ".\n");
  return out.str() + single_cluster("FAT_TREE", topology, p.leaves * p.hosts_per_leaf, p.bandwidth, p.latency);
}

std::string dragonfly_platform_xml(const DragonflyPlatformParameters& p,
                                   const std::map<std::string, std::string>& record)
{
  for (const auto& [key, value] : {std::pair<const char*, std::size_t>{"groups", p.groups},
                                   {"group-links", p.group_links}, {"chassis", p.chassis},
                                   {"chassis-links", p.chassis_links}, {"routers", p.routers},
                                   {"router-links", p.router_links}, {"nodes", p.nodes}})
    require_count("dragonfly", key, value);
  require_link("dragonfly", "link", p.bandwidth, p.latency);
  const std::string topology = std::to_string(p.groups) + "," + std::to_string(p.group_links) + ";" +
                               std::to_string(p.chassis) + "," + std::to_string(p.chassis_links) + ";" +
                               std::to_string(p.routers) + "," + std::to_string(p.router_links) + ";" +
                               std::to_string(p.nodes);
  std::ostringstream out;
  write_generated_header(out, "dragonfly",
                         "dragonfly, " + std::to_string(p.groups) + " groups x " + std::to_string(p.chassis) +
                             " chassis x " + std::to_string(p.routers) + " routers x " + std::to_string(p.nodes) +
                             " hosts.",
                         record, "  SimGrid DRAGONFLY topo_parameters " + topology + ".\n");
  return out.str() +
         single_cluster("DRAGONFLY", topology, p.groups * p.chassis * p.routers * p.nodes, p.bandwidth, p.latency);
}

}  // namespace hbcast
