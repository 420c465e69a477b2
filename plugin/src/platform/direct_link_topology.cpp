#include <hbcast/platform/direct_link_topology.hpp>

namespace hbcast {

std::shared_ptr<const TopologyGraph> direct_link_topology(const PlatformCostModel& costs)
{
  const std::size_t n = costs.size();
  if (n > PlatformCostModel::kEagerCheckLimit)
    return nullptr;
  auto topology = std::make_shared<TopologyGraph>(n);
  for (NodeId u = 0; u < n; ++u) {
    topology->set_send_overhead(u, costs.send_latency(u), costs.send_inverse_bandwidth(u));
    for (NodeId v = 0; v < n; ++v)
      if (u != v && costs.route(u, v).link_count == 1)
        topology->add_link(u, v, costs.route(u, v).latency, costs.route(u, v).bandwidth);
  }
  return topology->link_count() > 0 ? topology : nullptr;
}

}  // namespace hbcast
