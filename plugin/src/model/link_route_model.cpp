#include <hbcast/model/link_route_model.hpp>

#include <algorithm>
#include <limits>

namespace hbcast {

double LinkRouteModel::pairwise_time(NodeId from, NodeId to, double bytes) const
{
  const auto path = route(from, to);
  return path->latency + bytes / path->bandwidth;
}

LinkRoute make_link_route(std::vector<LinkId> links, const std::vector<LinkProperties>& table)
{
  LinkRoute route;
  route.bandwidth = std::numeric_limits<double>::infinity();
  for (LinkId id : links) {
    route.latency += table.at(id).latency;
    route.bandwidth = std::min(route.bandwidth, table.at(id).bandwidth);
  }
  route.links = std::move(links);
  return route;
}

}  // namespace hbcast
