#pragma once
#include <hbcast/core/broadcast_tree.hpp>
#include <hbcast/grid/grid_instance.hpp>
#include <hbcast/grid/grid_schedule.hpp>

namespace hbcast {

/// The whole broadcast of a platform-derived instance as one tree over `host_count` hosts, rooted
/// at the root cluster's coordinator: each coordinator first sends to the coordinators it serves,
/// in schedule.transfers order (start order per sender, as time_grid_schedule lists them), then
/// broadcasts inside its cluster with binomial_tree (ranks in the cluster's host order, coordinator
/// rank 0), as Barchet-Steffenel-Mounié, section 3 describes. Throws std::invalid_argument when a cluster has no
/// host list (synthetic instances) or the clusters do not partition the hosts.
BroadcastTree grid_broadcast_tree(const GridInstance& instance, const GridSchedule& schedule,
                                  std::size_t host_count);

}  // namespace hbcast
