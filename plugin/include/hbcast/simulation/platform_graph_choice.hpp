#pragma once
#include <hbcast/model/broadcast_instance.hpp>
#include <hbcast/model/link_route_model.hpp>
#include <hbcast/platform/platform_cost_model.hpp>

#include <optional>
#include <string>

namespace hbcast::cli {

/// Routed platform graphs are built up to this many hosts (all pairs' routes are looked up).
constexpr std::size_t kRoutedGraphHostLimit = 1024;

/// The platform graph an instance got, and the steady-state optimum over it when solved.
struct AttachedPlatformGraph {
  std::optional<double> lp_bytes_per_second;
  std::string routed;  ///< the routed candidates ("all 240 ordered pairs"), empty for direct links or none
};

/// Gives `instance` the platform graph of seed 002's heuristics and of the steady-state bound:
/// the direct host-to-host links when they reach every host from `root` (SSB(G) as published;
/// with `direct_only`, whenever there are any); otherwise, unless `direct_only`, and when `wanted`
/// or `solve_bound`, the routed candidates of issue 16 (build_routed_topology, automatic rule) up
/// to kRoutedGraphHostLimit hosts, with the steady-state program solved over them with its
/// shared-link rows and handed to the instance (lp-prune and lp-grow-tree use its loads).
AttachedPlatformGraph attach_platform_graph(BroadcastInstance& instance, const PlatformCostModel& costs,
                                            const LinkRouteModel& routes, NodeId root, bool direct_only, bool wanted,
                                            bool solve_bound);

}  // namespace hbcast::cli
