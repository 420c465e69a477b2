#include "code_platforms.hpp"

#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>
#include <simgrid/s4u/NetZone.hpp>

#include <cstdio>
#include <string>

namespace sg4 = simgrid::s4u;

namespace hbcast::test_support {
namespace {

std::string exact_text(double value)
{
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.17g", value);
  return buffer;
}

std::vector<sg4::Host*> create_hosts(sg4::NetZone* zone, const StarParameters& star)
{
  std::vector<sg4::Host*> hosts;
  for (std::size_t u = 0; u < star.up_bandwidth.size(); ++u) {
    auto* host = zone->create_host("host-" + std::to_string(u), 1e9);
    host->set_property("hbcast/send_latency", exact_text(star.send_latency[u]));
    host->set_property("hbcast/send_bandwidth", exact_text(star.send_bandwidth[u]));
    hosts.push_back(host->seal());
  }
  return hosts;
}

sg4::Link* create_link(sg4::NetZone* zone, const std::string& name, double bandwidth, double latency)
{
  return zone->create_link(name, bandwidth)->set_latency(latency)->seal();
}

}  // namespace

sg4::Engine make_engine(const char* program_name)
{
  // SimGrid keeps argv: static storage, one engine per test process.
  static std::string name;
  static int argc = 1;
  static char* argv[] = {nullptr, nullptr};
  name = program_name;
  argv[0] = name.data();
  return sg4::Engine(&argc, argv);
}

void build_star_platform(sg4::Engine& engine, const StarParameters& star)
{
  auto* zone = sg4::create_full_zone("star");
  auto hosts = create_hosts(zone, star);
  std::vector<sg4::Link*> up, down;
  for (std::size_t u = 0; u < hosts.size(); ++u) {
    up.push_back(create_link(zone, "up-" + std::to_string(u), star.up_bandwidth[u], star.up_latency[u]));
    down.push_back(create_link(zone, "down-" + std::to_string(u), star.down_bandwidth[u], star.down_latency[u]));
  }
  for (std::size_t u = 0; u < hosts.size(); ++u)
    for (std::size_t v = 0; v < hosts.size(); ++v)
      if (u != v)
        zone->add_route(hosts[u]->get_netpoint(), hosts[v]->get_netpoint(), nullptr, nullptr,
                        {sg4::LinkInRoute(up[u]), sg4::LinkInRoute(down[v])}, false);
  zone->seal();
  engine.seal_platform();
}

void build_private_link_platform(sg4::Engine& engine, const StarParameters& star)
{
  auto* zone = sg4::create_full_zone("private");
  auto hosts = create_hosts(zone, star);
  for (std::size_t u = 0; u < hosts.size(); ++u)
    for (std::size_t v = 0; v < hosts.size(); ++v)
      if (u != v) {
        auto* link = create_link(zone, "link-" + std::to_string(u) + "-" + std::to_string(v),
                                 std::min(star.up_bandwidth[u], star.down_bandwidth[v]),
                                 star.up_latency[u] + star.down_latency[v]);
        zone->add_route(hosts[u]->get_netpoint(), hosts[v]->get_netpoint(), nullptr, nullptr,
                        {sg4::LinkInRoute(link)}, false);
      }
  zone->seal();
  engine.seal_platform();
}

}  // namespace hbcast::test_support
