#pragma once
#include <hbcast/model/broadcast_instance.hpp>

#include <vector>

namespace hbcast {

/// Every host once, the root first, in an order that follows the network: the root's latency
/// cluster (cluster_by_latency with Lowekamp's rule, the grouping the grid schedulers use) in host
/// order from the root on, cyclically; then cluster after cluster, each time the one whose first
/// host is nearest by latency to the last host placed (ties to the lower cluster), in host order.
/// Where hosts are declared switch by switch (SimGrid's clusters, fat-trees, dragonflies, tori),
/// consecutive hosts share their switch, so a chain along the order crosses each group's uplink
/// once and binary trees over contiguous ranges keep their subtrees inside groups.
std::vector<NodeId> topology_order(const BroadcastInstance& instance, NodeId root);

}  // namespace hbcast
