#pragma once
#include <hbcast/model/broadcast_instance.hpp>
#include <hbcast/model/link_route_model.hpp>
#include <hbcast/platform/platform_cost_model.hpp>
#include <hbcast/platform_graph/steady_state_lp.hpp>

#include <memory>
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

/// The steady-state program an instance's platform graph asks for: solve it (anywhere: it is
/// plain data), then hand the solution to the instance with attach_solution().
struct SteadyStateProgram {
  std::shared_ptr<const TopologyGraph> graph;  ///< null: nothing to solve
  NodeId root = 0;
  double slice_bytes = 0.0;
  SteadyStateLpOptions options;
  std::string routed;

  SteadyStateSolution solve() const { return solve_steady_state_broadcast(*graph, root, slice_bytes, options); }
  /// What solving it is, for the activity breadcrumb.
  const char* activity() const
  {
    return routed.empty() ? "solving the steady-state LP" : "solving the steady-state program over the routes";
  }
};

/// Gives `instance` the platform graph of Beaumont-Marchal-Robert's heuristics and of the steady-state bound:
/// the direct host-to-host links when they reach every host from `root` (SSB(G) as published;
/// with `direct_only`, whenever there are any); otherwise, unless `direct_only`, and when `wanted`
/// or `solve_bound`, the routed candidates (build_routed_topology, automatic rule) up
/// to kRoutedGraphHostLimit hosts. Returns the steady-state program to solve over it: with its
/// shared-link rows on a routed graph (always solved there: lp-prune and lp-grow-tree use its
/// loads), on direct links when `solve_bound`.
SteadyStateProgram plan_platform_graph(BroadcastInstance& instance, const PlatformCostModel& costs,
                                       const LinkRouteModel& routes, NodeId root, bool direct_only, bool wanted,
                                       bool solve_bound);

/// Hands `program`'s solution (null when it had nothing to solve) to `instance`.
AttachedPlatformGraph attach_solution(BroadcastInstance& instance, const SteadyStateProgram& program,
                                      std::shared_ptr<const SteadyStateSolution> solution);

/// plan_platform_graph, the program solved here, attach_solution.
AttachedPlatformGraph attach_platform_graph(BroadcastInstance& instance, const PlatformCostModel& costs,
                                            const LinkRouteModel& routes, NodeId root, bool direct_only, bool wanted,
                                            bool solve_bound);

}  // namespace hbcast::cli
