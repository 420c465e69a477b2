#include <hbcast/platform_graph/shared_link_period.hpp>

#include <algorithm>
#include <unordered_map>

namespace hbcast {

double shared_link_period(const BroadcastTree& tree, const LinkRouteModel& routes, double slice_bytes)
{
  std::unordered_map<LinkId, double> busy;  // seconds per period
  double period = 0.0;
  for (NodeId parent = 0; parent < tree.size(); ++parent)
    for (NodeId child : tree.children(parent)) {
      std::vector<LinkId> links = routes.route(parent, child)->links;
      std::sort(links.begin(), links.end());
      links.erase(std::unique(links.begin(), links.end()), links.end());
      for (LinkId link : links) {
        const LinkProperties& properties = routes.link(link);
        if (properties.sharing != LinkSharing::shared)
          continue;
        period = std::max(period, busy[link] += slice_bytes / properties.bandwidth);
      }
    }
  return period;
}

}  // namespace hbcast
