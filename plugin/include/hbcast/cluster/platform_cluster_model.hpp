#pragma once
#include <hbcast/cluster/cluster_instance.hpp>
#include <hbcast/model/cost_model.hpp>
#include <hbcast/model/latency_clustering.hpp>

#include <vector>

namespace hbcast {

/// A platform seen through the Khuller-Kim-Wan model: the clusters of a latency grouping
/// (cluster_by_latency, which keeps hosts alone in their cluster, all C apart, as singletons); the
/// root's cluster first with the root as its node 0, the other clusters in grouping order with their
/// lowest host as advertised node.
struct PlatformClusterModel {
  ClusterInstance instance;
  std::vector<NodeId> host_of_node;      ///< instance node -> host
  std::vector<std::size_t> cluster_of_host;
  double time_unit = 1.0;                ///< seconds of one intra-cluster transfer
};

/// The unit is the mean intra-cluster transfer time of `bytes` (pairs among the first 8 hosts of
/// each cluster); C = mean inter-cluster time (pairs among the advertised hosts of the first 64
/// clusters) / unit, at least 1. Without any intra-cluster pair the unit is the inter time (C = 1).
PlatformClusterModel platform_cluster_model(const CostModel& costs, double bytes, NodeId root,
                                            double tolerance = kLowekampTolerance);
/// The same on a grouping already made (BroadcastInstance::latency_clusters, shared by the
/// two-level schedulers).
PlatformClusterModel platform_cluster_model(const CostModel& costs, const HostClustering& clustering, double bytes,
                                            NodeId root);

}  // namespace hbcast
