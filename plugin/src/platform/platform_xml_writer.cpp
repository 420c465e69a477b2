#include <hbcast/platform/platform_xml_writer.hpp>

#include <hbcast/platform/generated_header.hpp>

#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

namespace hbcast {
namespace {

// %.17g round-trips every double, so the loaded platform holds exactly the generated values.
std::string exact(double value)
{
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "%.17g", value);
  return buffer;
}

void write_header(std::ostream& out, const PlatformGraph& graph)
{
  const auto& parameters = graph.parameters();
  auto generator = parameters.find("generator");
  std::string notes = graph.shape() == PlatformGraph::Shape::routed_graph
                          ? "  One Floyd zone: each edge is a SPLITDUPLEX link (full bandwidth both ways) with a\n"
                            "  one-hop route each way; other routes take the fewest hops through the hosts\n"
                            "  (Beaumont-Marchal-Robert, section 5.1).\n"
                          : "  One Cluster (star) zone: each host has its own up and down link to the switch;\n"
                            "  route u->v = up_u, down_v (contention-free for one-port trees).\n";
  notes += "  Host properties hbcast/send_latency (s) and hbcast/send_bandwidth (B/s) give the\n"
           "  multi-port send overhead: 0.8 x the host's fastest outgoing link (Beaumont-Marchal-Robert, Table 2).\n";
  write_generated_header(out, generator == parameters.end() ? std::string("(unknown generator)") : generator->second,
                         std::to_string(graph.host_count()) + " hosts, " + std::to_string(graph.links().size()) +
                             " links.",
                         parameters, notes);
}

void write_hosts(std::ostream& out, const PlatformGraph& graph)
{
  for (std::size_t u = 0; u < graph.host_count(); ++u) {
    const auto& overhead = graph.send_overhead(u);
    out << "    <host id=\"" << graph.host_names()[u] << "\" speed=\"1Gf\">\n"
        << "      <prop id=\"hbcast/send_latency\" value=\"" << exact(overhead.latency) << "\"/>\n"
        << "      <prop id=\"hbcast/send_bandwidth\" value=\"" << exact(overhead.bandwidth) << "\"/>\n"
        << "    </host>\n";
  }
}

void write_link(std::ostream& out, const std::string& id, const PlatformGraph::Link& link, const char* policy)
{
  out << "    <link id=\"" << id << "\" bandwidth=\"" << exact(link.bandwidth) << "Bps\" latency=\""
      << exact(link.latency) << "s\"";
  if (policy != nullptr)
    out << " sharing_policy=\"" << policy << "\"";
  out << "/>\n";
}

void write_route(std::ostream& out, const std::string& src, const std::string& dst, const std::string& link,
                 const char* direction)
{
  out << "    <route src=\"" << src << "\" dst=\"" << dst << "\" symmetrical=\"NO\"><link_ctn id=\"" << link << "\"";
  if (direction != nullptr)
    out << " direction=\"" << direction << "\"";
  out << "/></route>\n";
}

void write_routed_graph(std::ostream& out, const PlatformGraph& graph)
{
  const auto& names = graph.host_names();
  out << "  <zone id=\"generated\" routing=\"Floyd\">\n";
  write_hosts(out, graph);
  for (const auto& link : graph.links()) {
    const std::string id = "link-" + std::to_string(link.from) + "-" + std::to_string(link.to);
    write_link(out, id, link, link.directed ? nullptr : "SPLITDUPLEX");
  }
  for (const auto& link : graph.links()) {
    const std::string id = "link-" + std::to_string(link.from) + "-" + std::to_string(link.to);
    if (link.directed) {
      write_route(out, names[link.from], names[link.to], id, nullptr);
    } else {
      write_route(out, names[link.from], names[link.to], id, "UP");
      write_route(out, names[link.to], names[link.from], id, "DOWN");
    }
  }
  out << "  </zone>\n";
}

void write_star(std::ostream& out, const PlatformGraph& graph)
{
  const std::size_t n = graph.host_count();
  std::vector<const PlatformGraph::Link*> up(n, nullptr), down(n, nullptr);
  for (const auto& link : graph.links()) {
    if (link.to == PlatformGraph::kStarSwitch && link.from < n)
      up[link.from] = &link;
    else if (link.from == PlatformGraph::kStarSwitch && link.to < n)
      down[link.to] = &link;
  }
  out << "  <zone id=\"generated\" routing=\"Cluster\">\n";
  write_hosts(out, graph);
  for (std::size_t u = 0; u < n; ++u) {
    if (up[u] == nullptr || down[u] == nullptr)
      throw std::invalid_argument("star host '" + graph.host_names()[u] + "' lacks its up or down link");
    // Each link carries one direction only, so the default SHARED policy never mixes directions.
    write_link(out, graph.host_names()[u] + "_up", *up[u], nullptr);
    write_link(out, graph.host_names()[u] + "_down", *down[u], nullptr);
  }
  for (const auto& name : graph.host_names())
    out << "    <host_link id=\"" << name << "\" up=\"" << name << "_up\" down=\"" << name << "_down\"/>\n";
  out << "  </zone>\n";
}

}  // namespace

void write_platform_xml(std::ostream& out, const PlatformGraph& graph)
{
  write_header(out, graph);
  if (graph.shape() == PlatformGraph::Shape::routed_graph)
    write_routed_graph(out, graph);
  else
    write_star(out, graph);
  out << "</platform>\n";
}

}  // namespace hbcast
