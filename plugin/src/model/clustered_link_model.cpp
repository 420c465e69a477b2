#include <hbcast/model/clustered_link_model.hpp>

#include <stdexcept>
#include <string>

namespace hbcast {
namespace {

LinkId add_link(std::vector<LinkProperties>& links, std::string name, double bandwidth, double latency,
                LinkSharing sharing = LinkSharing::shared)
{
  if (!(bandwidth > 0.0) || !(latency >= 0.0))
    throw std::invalid_argument("link '" + name + "': bandwidth must be > 0 and latency >= 0");
  links.push_back({std::move(name), bandwidth, latency, sharing});
  return static_cast<LinkId>(links.size() - 1);
}

}  // namespace

ClusteredLinkModel::ClusteredLinkModel(const std::vector<LinkedCluster>& clusters)
{
  // Host links first (2 per host: up then down), so host h's up link is 2h.
  for (std::size_t c = 0; c < clusters.size(); ++c) {
    if (clusters[c].hosts == 0)
      throw std::invalid_argument("cluster " + std::to_string(c) + " has no host");
    for (std::size_t k = 0; k < clusters[c].hosts; ++k) {
      const std::string host = "c" + std::to_string(c) + "-" + std::to_string(k);
      add_link(links_, host + "_UP", clusters[c].host_bandwidth, clusters[c].host_latency);
      add_link(links_, host + "_DOWN", clusters[c].host_bandwidth, clusters[c].host_latency);
      cluster_of_.push_back(c);
    }
  }
  for (std::size_t c = 0; c < clusters.size(); ++c) {
    const auto& cluster = clusters[c];
    const std::string name = "c" + std::to_string(c);
    backbone_.push_back(add_link(links_, name + "_backbone", cluster.backbone_bandwidth, cluster.backbone_latency,
                                 cluster.backbone_sharing));
    uplink_.push_back(add_link(links_, name + "_uplink_UP", cluster.uplink_bandwidth, cluster.uplink_latency));
    add_link(links_, name + "_uplink_DOWN", cluster.uplink_bandwidth, cluster.uplink_latency);
  }
}

std::shared_ptr<const LinkRoute> ClusteredLinkModel::route(NodeId from, NodeId to) const
{
  if (from >= host_count() || to >= host_count())
    throw std::out_of_range("ClusteredLinkModel::route: host out of range");
  if (from == to)
    return std::make_shared<LinkRoute>(make_link_route({}, links_));
  const LinkId up = static_cast<LinkId>(2 * from);
  const LinkId down = static_cast<LinkId>(2 * to + 1);
  const std::size_t c = cluster_of_[from];
  const std::size_t d = cluster_of_[to];
  if (c == d)
    return std::make_shared<LinkRoute>(make_link_route({up, backbone_[c], down}, links_));
  return std::make_shared<LinkRoute>(
      make_link_route({up, backbone_[c], uplink_up(c), uplink_down(d), backbone_[d], down}, links_));
}

}  // namespace hbcast
