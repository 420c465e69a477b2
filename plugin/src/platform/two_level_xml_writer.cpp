#include <hbcast/platform/two_level_xml_writer.hpp>

#include <hbcast/model/platform_graph.hpp>
#include <hbcast/platform/generated_header.hpp>

#include <sstream>
#include <stdexcept>

namespace hbcast {

std::string two_level_platform_xml(const TwoLevelPlatformParameters& p)
{
  check_two_level_parameters(p);
  const std::size_t k = p.sizes.size();
  std::ostringstream header;
  write_generated_header(
      header, "clusters", std::to_string(k) + " clusters (Khuller-Kim-Wan two-level model).", p.record,
      "  Intra-cluster transfer: unit + S/bandwidth; inter-cluster: C x that (WAN links: latency\n"
      "  (C-1) unit/2, bandwidth/C). Every link FATPIPE: no flow shares bandwidth. Send overhead\n"
      "  (hbcast/send_latency, hbcast/send_bandwidth) = one intra-cluster transfer (postal model).\n");
  std::string xml = header.str();
  xml += "  <zone id=\"world\" routing=\"Full\">\n";
  for (std::size_t i = 0; i < k; ++i) {
    const std::string id = "c" + std::to_string(i);
    xml += "    <cluster id=\"" + id + "\" prefix=\"" + id + "-\" suffix=\"\" radical=\"0-" +
           std::to_string(p.sizes[i] - 1) + "\" speed=\"1Gf\" bw=\"" + shortest_decimal(p.bandwidth) + "Bps\" lat=\"" +
           shortest_decimal(p.unit / 2) + "s\" sharing_policy=\"FATPIPE\" router_id=\"" + id + "-router\">\n" +
           "      <prop id=\"hbcast/send_latency\" value=\"" + shortest_decimal(p.unit) + "\"/>\n" +
           "      <prop id=\"hbcast/send_bandwidth\" value=\"" + shortest_decimal(p.bandwidth) + "\"/>\n    </cluster>\n";
  }
  for (std::size_t i = 0; i < k; ++i)
    xml += "    <link id=\"wan-" + std::to_string(i) + "\" bandwidth=\"" + shortest_decimal(p.bandwidth / p.global_cost) +
           "Bps\" latency=\"" + shortest_decimal((p.global_cost - 1) * p.unit / 2) + "s\" sharing_policy=\"FATPIPE\"/>\n";
  std::vector<std::pair<std::size_t, std::size_t>> pairs = p.routes;
  if (pairs.empty())
    for (std::size_t a = 0; a < k; ++a)
      for (std::size_t b = a + 1; b < k; ++b)
        pairs.push_back({a, b});
  for (const auto& [a, b] : pairs) {
    if (a >= k || b >= k || a == b)
      throw std::invalid_argument("clusters platform: a route names a cluster that does not exist");
    const std::string sa = std::to_string(a), sb = std::to_string(b);
    xml += "    <zoneRoute src=\"c" + sa + "\" dst=\"c" + sb + "\" gw_src=\"c" + sa + "-router\" gw_dst=\"c" + sb +
           "-router\" symmetrical=\"YES\"><link_ctn id=\"wan-" + sa + "\"/><link_ctn id=\"wan-" + sb +
           "\"/></zoneRoute>\n";
  }
  xml += "  </zone>\n</platform>\n";
  return xml;
}

}  // namespace hbcast
