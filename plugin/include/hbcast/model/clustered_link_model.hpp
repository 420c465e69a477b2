#pragma once
#include <hbcast/model/link_route_model.hpp>

#include <vector>

namespace hbcast {

/// Link-level parameters of one cluster of a ClusteredLinkModel.
struct LinkedCluster {
  std::size_t hosts = 1;
  double host_bandwidth = 1.25e8;  ///< each host's split-duplex link (bytes/s)
  double host_latency = 1e-5;
  double backbone_bandwidth = 1.25e9;
  double backbone_latency = 1e-5;
  LinkSharing backbone_sharing = LinkSharing::shared;
  double uplink_bandwidth = 1.25e8;  ///< the cluster's split-duplex link to the core
  double uplink_latency = 1e-3;
};

/// A code-built multi-cluster platform at link level, the shape of a grid of backbone clusters
/// (as `hbcast generate backbone` writes it): each host has a split-duplex link (two directed
/// links) to its cluster's backbone, each cluster a split-duplex uplink to a common core router.
///   same cluster:       host_up(u), backbone(c), host_down(v)
///   clusters c != d:    host_up(u), backbone(c), uplink_up(c), uplink_down(d), backbone(d), host_down(v)
/// Routes are computed on demand in O(1); storage is O(hosts + clusters). For tests and benchmarks.
class ClusteredLinkModel final : public LinkRouteModel {
public:
  explicit ClusteredLinkModel(const std::vector<LinkedCluster>& clusters);

  std::size_t host_count() const override { return cluster_of_.size(); }
  std::shared_ptr<const LinkRoute> route(NodeId from, NodeId to) const override;
  const LinkProperties& link(LinkId id) const override { return links_.at(id); }

  std::size_t cluster_of(NodeId host) const { return cluster_of_.at(host); }
  LinkId backbone(std::size_t cluster) const { return backbone_.at(cluster); }
  LinkId uplink_up(std::size_t cluster) const { return uplink_.at(cluster); }
  LinkId uplink_down(std::size_t cluster) const { return uplink_.at(cluster) + 1; }
  std::size_t link_count() const { return links_.size(); }

private:
  std::vector<LinkProperties> links_;
  std::vector<std::size_t> cluster_of_;
  std::vector<LinkId> backbone_;
  std::vector<LinkId> uplink_;  // the _UP half; the _DOWN half follows it
};

}  // namespace hbcast
