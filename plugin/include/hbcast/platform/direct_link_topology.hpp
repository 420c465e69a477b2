#pragma once
#include <hbcast/model/topology_graph.hpp>
#include <hbcast/platform/platform_cost_model.hpp>

#include <memory>

namespace hbcast {

/// The platform graph of a loaded platform: an edge u -> v wherever SimGrid's route from u to v is
/// a single link (a direct host-to-host link), weighted by that link; each host's multi-port send
/// overhead from its properties. Null when the platform has no such pair (e.g. a cluster, where
/// every route crosses the source's and the destination's private links) or more than
/// PlatformCostModel::kEagerCheckLimit hosts (every pair would have to be probed).
std::shared_ptr<const TopologyGraph> direct_link_topology(const PlatformCostModel& costs);

}  // namespace hbcast
