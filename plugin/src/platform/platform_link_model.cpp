#include <hbcast/platform/platform_link_model.hpp>

#include <hbcast/platform/activity_breadcrumb.hpp>
#include <hbcast/platform/platform_error.hpp>

#include <simgrid/kernel/routing/NetZoneImpl.hpp>

#include <cstring>
#include <typeinfo>

#include <algorithm>
#include <limits>

namespace sg4 = simgrid::s4u;

namespace hbcast {

PlatformLinkModel::PlatformLinkModel(const LoadedPlatform& platform, std::size_t cache_capacity)
    : hosts_(platform.hosts()),
      cache_capacity_(std::max<std::size_t>({cache_capacity, hosts_.size(), 1})),
      // A tree asks for n - 1 routes over about 2n links: no rehash on the way there.
      routes_(hosts_.size())
{
  ids_.reserve(2 * hosts_.size());
}

LinkId PlatformLinkModel::id_of(const sg4::Link* link) const
{
  const auto [it, added] = ids_.emplace(link, static_cast<LinkId>(links_.size()));
  if (added) {
    const LinkSharing sharing = link->get_sharing_policy() == sg4::Link::SharingPolicy::FATPIPE ? LinkSharing::fatpipe
                                                                                                 : LinkSharing::shared;
    links_.push_back({link->get_name(), link->get_bandwidth(), link->get_latency(), sharing});
  }
  return it->second;
}

std::shared_ptr<const LinkRoute> PlatformLinkModel::route(NodeId from, NodeId to) const
{
  return routes_.shared(cached(from, to));
}

LinkRouteView PlatformLinkModel::route_view(NodeId from, NodeId to, std::shared_ptr<const LinkRoute>&) const
{
  return routes_.view(cached(from, to));
}

// The route's index in the cache, looked up in SimGrid first if it is not there.
std::uint32_t PlatformLinkModel::cached(NodeId from, NodeId to) const
{
  const std::uint64_t key = key_of(from, to);
  if (const std::uint32_t index = routes_.find(key); index != LinkRouteCache::kAbsent)
    return index;
  auto route = look_up(from, to);
  if (routes_.size() >= cache_capacity_)
    routes_.clear();
  return routes_.insert(key, std::move(route));
}

std::shared_ptr<const LinkRoute> PlatformLinkModel::look_up(NodeId from, NodeId to) const
{
  std::vector<sg4::Link*> path;
  auto route = std::make_shared<LinkRoute>();
  bool routed = true;
  // SimGrid 3.32 aborts on a host's route to itself in a zone without routing (routing="None"):
  // nothing to send there, an empty route.
  // (libsimgrid does not export EmptyZone's type information: compared by its name).
  if (from == to) {
    const auto& zone = *hosts_.at(from)->get_englobing_zone()->get_impl();
    if (std::strcmp(typeid(zone).name(), "N7simgrid6kernel7routing9EmptyZoneE") == 0) {
      route->latency = 0.0;
      route->bandwidth = std::numeric_limits<double>::infinity();
      return route;
    }
  }
  try {
    const SimGridCall call(ActivityOwner::simgrid, "computing the route from '%s' to '%s'",
                           hosts_.at(from)->get_cname(), hosts_.at(to)->get_cname());
    hosts_[from]->route_to(hosts_[to], path, &route->latency);
  } catch (const std::exception&) {
    routed = false;
  }
  // A Vivaldi zone's routes have a latency and no link (as in the platform cost model): nothing
  // on them can be over-subscribed. An empty route without latency is no route: an unroutable
  // pair (LinkRoute::routable) has no link, an infinite latency and no bandwidth.
  if (!routed || (path.empty() && from != to && !(route->latency > 0.0))) {
    route->links.clear();
    route->latency = std::numeric_limits<double>::infinity();
    route->bandwidth = 0.0;
    return route;
  }
  // The latency is SimGrid's own sum, so times match the platform cost model to the last bit.
  route->bandwidth = std::numeric_limits<double>::infinity();
  route->links.reserve(path.size());
  for (const sg4::Link* link : path) {
    route->links.push_back(id_of(link));
    route->bandwidth = std::min(route->bandwidth, link->get_bandwidth());
  }
  return route;
}

}  // namespace hbcast
