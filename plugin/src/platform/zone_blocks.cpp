#include <hbcast/platform/zone_blocks.hpp>

#include <hbcast/platform/activity_breadcrumb.hpp>
#include <hbcast/platform/platform_error.hpp>

#include <simgrid/kernel/routing/StarZone.hpp>
#include <simgrid/s4u/Link.hpp>
#include <simgrid/s4u/NetZone.hpp>

#include <map>
#include <typeinfo>
#include <utility>

namespace sg4 = simgrid::s4u;

namespace hbcast {
namespace {

// The latency and bandwidth of each link of the route src -> dst, in route order.
std::vector<std::pair<double, double>> link_parameters(sg4::Host* src, sg4::Host* dst)
{
  std::vector<sg4::Link*> links;
  double latency = 0;
  try {
    const SimGridCall call(ActivityOwner::simgrid, "computing the route from '%s' to '%s'", src->get_cname(),
                           dst->get_cname());
    src->route_to(dst, links, &latency);
  } catch (const std::exception& error) {
    throw PlatformError("no route from '" + src->get_name() + "' to '" + dst->get_name() + "': " + error.what());
  }
  std::vector<std::pair<double, double>> parameters;
  for (const sg4::Link* link : links)
    parameters.emplace_back(link->get_latency(), link->get_bandwidth());
  return parameters;
}

// A star zone itself, not a kind of it: a Vivaldi zone is a StarZone whose latencies come from
// the hosts' coordinates, not from their links, so alike links say nothing there.
bool is_leaf_star_zone(const sg4::NetZone* zone)
{
  const simgrid::kernel::routing::NetZoneImpl* impl = zone->get_impl();
  return zone->get_children().empty() && typeid(*impl) == typeid(simgrid::kernel::routing::StarZone);
}

// Whether the hosts of a star zone (given by index, two or more) all have alike private links.
bool has_alike_hosts(const std::vector<sg4::Host*>& hosts, const std::vector<NodeId>& members)
{
  sg4::Host* first = hosts[members[0]];
  sg4::Host* second = hosts[members[1]];
  const auto up = link_parameters(second, first);
  const auto down = link_parameters(first, second);
  for (NodeId u : members) {
    sg4::Host* reference = hosts[u] == first ? second : first;
    if (link_parameters(hosts[u], reference) != up || link_parameters(reference, hosts[u]) != down)
      return false;
  }
  return true;
}

}  // namespace

HostBlocks uniform_zone_blocks(const std::vector<sg4::Host*>& hosts)
{
  std::map<const sg4::NetZone*, std::vector<NodeId>> star_zone_hosts;
  for (NodeId u = 0; u < hosts.size(); ++u)
    if (const sg4::NetZone* zone = hosts[u]->get_englobing_zone(); is_leaf_star_zone(zone))
      star_zone_hosts[zone].push_back(u);
  std::vector<std::size_t> label(hosts.size());
  for (NodeId u = 0; u < hosts.size(); ++u)
    label[u] = u;
  for (const auto& [zone, members] : star_zone_hosts)
    if (members.size() > 1 && has_alike_hosts(hosts, members))
      for (NodeId u : members)
        label[u] = members.front();
  return HostBlocks::from_labels(label);
}

}  // namespace hbcast
