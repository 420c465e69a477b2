#include <hbcast/simulation/platform_graph_choice.hpp>

#include <hbcast/platform/activity_breadcrumb.hpp>
#include <hbcast/platform/direct_link_topology.hpp>
#include <hbcast/platform_graph/routed_topology.hpp>
#include <hbcast/platform_graph/steady_state_lp.hpp>

namespace hbcast::cli {

AttachedPlatformGraph attach_platform_graph(BroadcastInstance& instance, const PlatformCostModel& costs,
                                            const LinkRouteModel& routes, NodeId root, bool direct_only, bool wanted,
                                            bool solve_bound)
{
  const auto direct = direct_link_topology(costs);
  const bool spanning = direct && direct->first_unreached_from(root) == kNoNode;
  if (spanning || (direct_only && direct)) {
    instance.set_topology(direct);  // not spanning: the heuristics name the unreachable host
    if (!solve_bound || !spanning)
      return {};
    set_activity("solving the steady-state LP");
    auto lp = std::make_shared<const SteadyStateSolution>(
        solve_steady_state_broadcast(*direct, root, instance.transfer_bytes()));
    instance.set_steady_state(lp, root);  // lp-prune and lp-grow-tree reuse it
    return {lp->bytes_per_second, ""};
  }
  if (direct_only || !(wanted || solve_bound) || routes.host_count() > kRoutedGraphHostLimit)
    return {};  // the heuristics say they do not apply
  set_activity("building the routed platform graph");
  const RoutedTopology routed = build_routed_topology(routes, root, {}, costs.host_blocks());
  instance.set_topology(routed.graph);
  set_activity("solving the steady-state program over the routes");
  SteadyStateLpOptions options;
  options.shared_links = routed.shared_links;
  auto lp = std::make_shared<const SteadyStateSolution>(
      solve_steady_state_broadcast(*routed.graph, root, instance.transfer_bytes(), options));
  instance.set_steady_state(lp, root);
  return {lp->bytes_per_second, "routed: " + routed.candidates};
}

}  // namespace hbcast::cli
