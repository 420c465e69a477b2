#include <hbcast/platform/calibrated_platform_xml_writer.hpp>

#include <hbcast/calibration/numbered_host_names.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <stdexcept>

namespace hbcast {
namespace {

using calibration::CalibratedNetwork;
using calibration::HostGroup;
using calibration::HostLink;

// Figures to 9 significant digits, as hbcast's routed program reads route figures: above the
// fit's noise on exact (simulated) data (about 1e-10), so that a figure measured on several links
// is one number, and a route's latency sums to the original's to the digits the program keeps.
std::string bps(double bandwidth)
{
  return fmt::format("{:.9g}Bps", bandwidth);
}

std::string sec(double latency)
{
  return fmt::format("{:.9g}s", latency);
}

// XML-safe attribute text (host names come from the measurements).
std::string escaped(const std::string& text)
{
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string comment_safe(std::string text)
{
  for (std::size_t at; (at = text.find("--")) != std::string::npos;)
    text.replace(at, 2, "- -");
  return text;
}

bool close(double a, double b, double tolerance)
{
  return std::abs(a - b) <= tolerance * std::max(std::abs(a), std::abs(b));
}

double median_of(std::vector<double> values)
{
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

void write_group(std::string& xml, const CalibratedNetwork& net, std::size_t g, const std::string& indent,
                 const CalibratedPlatformOptions& options)
{
  const HostGroup& group = net.groups[g];
  const std::string id = "g" + std::to_string(g + 1);
  std::vector<std::string> names;
  std::vector<double> latencies, bandwidths;
  bool symmetric = true;
  for (const std::size_t h : group.hosts) {
    names.push_back(net.hosts[h]);
    const HostLink& link = net.host_links[h];
    latencies.push_back(link.latency);
    bandwidths.push_back(link.up);
    bandwidths.push_back(link.down);
    symmetric &= close(link.up, link.down, options.homogeneous_tolerance);
  }
  const double latency = median_of(latencies), bandwidth = median_of(bandwidths);
  bool homogeneous = symmetric;
  for (const double l : latencies)
    homogeneous &= close(l, latency, options.homogeneous_tolerance) ||
                   std::abs(l - latency) <= 1e-12;
  for (const double b : bandwidths)
    homogeneous &= close(b, bandwidth, options.homogeneous_tolerance);
  const auto pattern = homogeneous ? numbered_host_names(names) : std::nullopt;
  if (pattern) {
    xml += fmt::format("{}<cluster id=\"{}\" prefix=\"{}\" suffix=\"{}\" radical=\"{}\" speed=\"1Gf\" bw=\"{}\" "
                       "lat=\"{}\" sharing_policy=\"SPLITDUPLEX\"",
                       indent, id, escaped(pattern->prefix), escaped(pattern->suffix), pattern->radical, bps(bandwidth),
                       sec(latency));
    if (group.backbone)
      xml += fmt::format(" bb_bw=\"{}\" bb_lat=\"0s\" bb_sharing_policy=\"SHARED\"", bps(*group.backbone));
    xml += fmt::format(" router_id=\"{}-router\"/>\n", id);
    return;
  }
  xml += fmt::format("{}<zone id=\"{}\" routing=\"Cluster\">\n", indent, id);
  for (const std::size_t h : group.hosts)
    xml += fmt::format("{}  <host id=\"{}\" speed=\"1Gf\"/>\n", indent, escaped(net.hosts[h]));
  for (const std::size_t h : group.hosts) {
    const HostLink& link = net.host_links[h];
    const std::string name = escaped(net.hosts[h]);
    if (close(link.up, link.down, 1e-12)) {
      xml += fmt::format("{}  <link id=\"{}_link\" bandwidth=\"{}\" latency=\"{}\" sharing_policy=\"SPLITDUPLEX\"/>\n",
                         indent, name, bps(link.up), sec(link.latency));
      xml += fmt::format("{}  <host_link id=\"{}\" up=\"{}_link_UP\" down=\"{}_link_DOWN\"/>\n", indent, name, name, name);
    } else {
      xml += fmt::format("{}  <link id=\"{}_up\" bandwidth=\"{}\" latency=\"{}\"/>\n", indent, name, bps(link.up),
                         sec(link.latency));
      xml += fmt::format("{}  <link id=\"{}_down\" bandwidth=\"{}\" latency=\"{}\"/>\n", indent, name, bps(link.down),
                         sec(link.latency));
      xml += fmt::format("{}  <host_link id=\"{}\" up=\"{}_up\" down=\"{}_down\"/>\n", indent, name, name, name);
    }
  }
  if (group.backbone)
    xml += fmt::format("{}  <backbone id=\"{}-backbone\" bandwidth=\"{}\" latency=\"0s\"/>\n", indent, id,
                       bps(*group.backbone));
  xml += fmt::format("{}  <router id=\"{}-router\"/>\n{}</zone>\n", indent, id, indent);
}

}  // namespace

std::string calibrated_platform_xml(const CalibratedNetwork& net, const CalibratedPlatformOptions& options)
{
  if (net.size() == 0 || net.groups.empty())
    throw std::invalid_argument("calibrated platform: no host");
  std::string xml = "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
                    "<platform version=\"4.1\">\n<!--\n";
  xml += comment_safe(fmt::format("  Calibrated by hbcast calibrate: {} hosts in {} group(s).\n", net.size(),
                                  net.groups.size()));
  for (const auto& line : options.provenance)
    xml += "  " + comment_safe(line) + "\n";
  if (net.fat_tree)
    xml += "  Routes: SimGrid's two-level FAT_TREE, the groups its leaves (up by destination, down by\n"
           "  source). Size factors (SMPI's\n";
  else
    xml += "  Routes: the sender's link, its group's backbone; between groups its uplink, the link between\n"
           "  the two groups, the receiver's uplink and backbone; the receiver's link. Size factors (SMPI's\n";
  xml += "  smpi/lat-factor, smpi/bw-factor) are in the .cfg file written beside this one.\n-->\n";
  if (net.fat_tree) {
    // The groups are a fat-tree's leaves: SimGrid's own FAT_TREE cluster, hosts in position order.
    const auto& tree = *net.fat_tree;
    const auto names = numbered_host_names(net.hosts);
    if (!names)
      throw std::invalid_argument("calibrated platform: a fat-tree's hosts are not PREFIX<number>SUFFIX");
    xml += fmt::format("  <cluster id=\"calibrated\" prefix=\"{}\" suffix=\"{}\" radical=\"{}\" speed=\"1Gf\" "
                       "bw=\"{}\" lat=\"{}\" sharing_policy=\"SPLITDUPLEX\" topology=\"FAT_TREE\" "
                       "topo_parameters=\"2;{},{};1,{};1,{}\"/>\n",
                       escaped(names->prefix), escaped(names->suffix), names->radical, bps(tree.bandwidth),
                       sec(tree.latency), tree.hosts_per_leaf, tree.leaves, tree.spines, tree.cables);
    return xml + "</platform>\n";
  }
  const std::size_t groups = net.groups.size();
  if (groups == 1) {
    write_group(xml, net, 0, "  ", options);
    return xml + "</platform>\n";
  }
  xml += "  <zone id=\"calibrated\" routing=\"Full\">\n";
  for (std::size_t g = 0; g < groups; ++g)
    write_group(xml, net, g, "    ", options);
  auto id = [](std::size_t g) { return "g" + std::to_string(g + 1); };
  // Uplinks.
  std::vector<std::string> out_link(groups), in_link(groups);
  for (std::size_t g = 0; g < groups; ++g) {
    const auto& group = net.groups[g];
    if (group.uplink_out && group.uplink_in && close(*group.uplink_out, *group.uplink_in, 1e-9)) {
      xml += fmt::format("    <link id=\"{}-uplink\" bandwidth=\"{}\" latency=\"0s\" sharing_policy=\"SPLITDUPLEX\"/>\n",
                         id(g), bps(*group.uplink_out));
      out_link[g] = fmt::format("<link_ctn id=\"{}-uplink\" direction=\"UP\"/>", id(g));
      in_link[g] = fmt::format("<link_ctn id=\"{}-uplink\" direction=\"DOWN\"/>", id(g));
      continue;
    }
    if (group.uplink_out) {
      xml += fmt::format("    <link id=\"{}-out\" bandwidth=\"{}\" latency=\"0s\"/>\n", id(g), bps(*group.uplink_out));
      out_link[g] = fmt::format("<link_ctn id=\"{}-out\"/>", id(g));
    }
    if (group.uplink_in) {
      xml += fmt::format("    <link id=\"{}-in\" bandwidth=\"{}\" latency=\"0s\"/>\n", id(g), bps(*group.uplink_in));
      in_link[g] = fmt::format("<link_ctn id=\"{}-in\"/>", id(g));
    }
  }
  // Links between groups: one per unordered pair when both directions are alike, else one each way.
  std::vector<std::vector<std::string>> pair_links(groups, std::vector<std::string>(groups));
  auto policy = [](const calibration::SharedLink& link) { return link.shared ? "SHARED" : "FATPIPE"; };
  for (std::size_t g = 0; g < groups; ++g)
    for (std::size_t h = g + 1; h < groups; ++h) {
      const auto& forth = net.between[g][h];
      const auto& back = net.between[h][g];
      const bool alike = forth.shared == back.shared && close(forth.bandwidth, back.bandwidth, 1e-9) &&
                         close(forth.latency, back.latency, 1e-9) && forth.flow_limit == back.flow_limit;
      const std::string name = id(g) + "-" + id(h);
      if (alike) {
        xml += fmt::format("    <link id=\"{}\" bandwidth=\"{}\" latency=\"{}\" sharing_policy=\"{}\"/>\n", name,
                           bps(forth.bandwidth), sec(forth.latency), forth.shared ? "SPLITDUPLEX" : "FATPIPE");
        pair_links[g][h] = forth.shared ? fmt::format("<link_ctn id=\"{}\" direction=\"UP\"/>", name)
                                        : fmt::format("<link_ctn id=\"{}\"/>", name);
        pair_links[h][g] = forth.shared ? fmt::format("<link_ctn id=\"{}\" direction=\"DOWN\"/>", name)
                                        : fmt::format("<link_ctn id=\"{}\"/>", name);
        if (forth.flow_limit) {
          xml += fmt::format("    <link id=\"{}-flow\" bandwidth=\"{}\" latency=\"0s\" sharing_policy=\"FATPIPE\"/>\n",
                             name, bps(*forth.flow_limit));
          pair_links[g][h] += fmt::format("<link_ctn id=\"{}-flow\"/>", name);
          pair_links[h][g] += fmt::format("<link_ctn id=\"{}-flow\"/>", name);
        }
        continue;
      }
      for (const auto& [a, b] : {std::pair{g, h}, std::pair{h, g}}) {
        const auto& link = net.between[a][b];
        const std::string directed = id(a) + "-" + id(b);
        xml += fmt::format("    <link id=\"{}\" bandwidth=\"{}\" latency=\"{}\" sharing_policy=\"{}\"/>\n", directed,
                           bps(link.bandwidth), sec(link.latency), policy(link));
        pair_links[a][b] = fmt::format("<link_ctn id=\"{}\"/>", directed);
        if (link.flow_limit) {
          xml += fmt::format("    <link id=\"{}-flow\" bandwidth=\"{}\" latency=\"0s\" sharing_policy=\"FATPIPE\"/>\n",
                             directed, bps(*link.flow_limit));
          pair_links[a][b] += fmt::format("<link_ctn id=\"{}-flow\"/>", directed);
        }
      }
    }
  for (std::size_t g = 0; g < groups; ++g)
    for (std::size_t h = 0; h < groups; ++h)
      if (g != h)
        xml += fmt::format("    <zoneRoute src=\"{0}\" dst=\"{1}\" gw_src=\"{0}-router\" gw_dst=\"{1}-router\" "
                           "symmetrical=\"NO\">{2}{3}{4}</zoneRoute>\n",
                           id(g), id(h), out_link[g], pair_links[g][h], in_link[h]);
  return xml + "  </zone>\n</platform>\n";
}

std::string calibrated_config(const calibration::NetworkFactors& factors)
{
  // weight-S 0: flows share a link as in CM02 (penalty: the route's latency), the sharing the fit's
  // max-min model of the concurrent tests and hbcast's exact mode assume; SMPI's model otherwise
  // adds weight-S / bandwidth per link to each flow's penalty.
  return "--cfg=network/model:SMPI\n--cfg=network/crosstraffic:0\n--cfg=network/TCP-gamma:1e30\n"
         "--cfg=network/weight-S:0\n"
         "--cfg=smpi/lat-factor:" +
         factors.latency.to_string() + "\n--cfg=smpi/bw-factor:" + factors.bandwidth.to_string() + "\n";
}

}  // namespace hbcast
