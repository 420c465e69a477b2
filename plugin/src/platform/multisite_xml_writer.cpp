#include <hbcast/platform/multisite_xml_writer.hpp>

#include <hbcast/model/platform_graph.hpp>
#include <hbcast/platform/generated_header.hpp>

#include <cstdio>
#include <string>

namespace hbcast {
namespace {

std::string uplink(std::size_t site, std::size_t cluster)
{
  return MultisitePlatform::cluster_name(site, cluster) + "-uplink";
}

void write_link(std::ostream& out, const std::string& id, double bandwidth, double latency)
{
  out << "    <link id=\"" << id << "\" bandwidth=\"" << shortest_decimal(bandwidth) << "Bps\" latency=\"" << shortest_decimal(latency)
      << "s\" sharing_policy=\"SPLITDUPLEX\"/>\n";
}

void write_clusters(std::ostream& out, const MultisitePlatformParameters& p)
{
  for (std::size_t s = 0; s < p.sites; ++s)
    for (std::size_t c = 0; c < p.clusters_per_site; ++c) {
      const std::string name = MultisitePlatform::cluster_name(s, c);
      out << "    <cluster id=\"" << name << "\" prefix=\"" << name << "-\" suffix=\"\" radical=\"0-"
          << p.nodes_per_cluster - 1 << "\" speed=\"1Gf\" bw=\"" << shortest_decimal(p.node_bandwidth) << "Bps\" lat=\""
          << shortest_decimal(p.node_latency) << "s\" sharing_policy=\"SPLITDUPLEX\" bb_bw=\"" << shortest_decimal(p.backbone_bandwidth)
          << "Bps\" bb_lat=\"" << shortest_decimal(p.backbone_latency) << "s\" bb_sharing_policy=\"SHARED\" router_id=\""
          << name << "-router\">\n"
          << "      <prop id=\"site\" value=\"s" << s << "\"/>\n    </cluster>\n";
    }
}

void write_zone_routes(std::ostream& out, const MultisitePlatformParameters& p)
{
  const std::size_t k = p.sites * p.clusters_per_site;
  for (std::size_t a = 0; a < k; ++a)
    for (std::size_t b = 0; b < k; ++b) {
      if (a == b)
        continue;
      const std::size_t sa = a / p.clusters_per_site, ca = a % p.clusters_per_site;
      const std::size_t sb = b / p.clusters_per_site, cb = b % p.clusters_per_site;
      const std::string from = MultisitePlatform::cluster_name(sa, ca), to = MultisitePlatform::cluster_name(sb, cb);
      out << "    <zoneRoute src=\"" << from << "\" dst=\"" << to << "\" gw_src=\"" << from << "-router\" gw_dst=\""
          << to << "-router\" symmetrical=\"NO\">\n      <link_ctn id=\"" << uplink(sa, ca) << "\" direction=\"UP\"/>\n";
      if (sa != sb)
        out << "      <link_ctn id=\"wan-" << std::min(sa, sb) << "-" << std::max(sa, sb) << "\" direction=\""
            << (sa < sb ? "UP" : "DOWN") << "\"/>\n";
      out << "      <link_ctn id=\"" << uplink(sb, cb) << "\" direction=\"DOWN\"/>\n    </zoneRoute>\n";
    }
}

}  // namespace

void write_multisite_xml(std::ostream& out, const MultisitePlatform& platform)
{
  const auto& p = platform.parameters;
  std::string notes =
      "  Two zone levels (SimGrid 3.32 routes across deeper nesting have bugs): a Full root zone\n"
      "  and one <cluster> per cluster. Cluster routes: node link, backbone, node link. Between\n"
      "  clusters: the clusters' uplinks, and the WAN link of the two sites when they differ.\n"
      "  WAN latencies (s) per site pair:\n";
  for (std::size_t s = 0; s < p.sites; ++s)
    for (std::size_t t = s + 1; t < p.sites; ++t)
      notes += "    s" + std::to_string(s) + "-s" + std::to_string(t) + " = " +
               shortest_decimal(platform.wan_latency[s * p.sites + t]) + "\n";
  write_generated_header(out, "multisite",
                         std::to_string(p.sites) + " sites x " + std::to_string(p.clusters_per_site) + " clusters x " +
                             std::to_string(p.nodes_per_cluster) + " nodes.",
                         platform.record, notes);
  out << "  <zone id=\"grid\" routing=\"Full\">\n";
  write_clusters(out, p);
  for (std::size_t s = 0; s < p.sites; ++s)
    for (std::size_t c = 0; c < p.clusters_per_site; ++c)
      write_link(out, uplink(s, c), p.backbone_bandwidth, p.uplink_latency);
  for (std::size_t s = 0; s < p.sites; ++s)
    for (std::size_t t = s + 1; t < p.sites; ++t)
      write_link(out, "wan-" + std::to_string(s) + "-" + std::to_string(t), p.wan_bandwidth,
                 platform.wan_latency[s * p.sites + t]);
  write_zone_routes(out, p);
  out << "  </zone>\n</platform>\n";
}

}  // namespace hbcast
