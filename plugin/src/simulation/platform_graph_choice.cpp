#include <hbcast/simulation/platform_graph_choice.hpp>

#include <hbcast/platform/activity_breadcrumb.hpp>
#include <hbcast/platform/direct_link_topology.hpp>
#include <hbcast/platform_graph/routed_topology.hpp>

namespace hbcast::cli {

SteadyStateProgram plan_platform_graph(BroadcastInstance& instance, const PlatformCostModel& costs,
                                       const LinkRouteModel& routes, NodeId root, bool direct_only, bool wanted,
                                       bool solve_bound)
{
  SteadyStateProgram program;
  program.root = root;
  program.slice_bytes = instance.transfer_bytes();
  const auto direct = direct_link_topology(costs);
  const bool spanning = direct && direct->first_unreached_from(root) == kNoNode;
  if (spanning || (direct_only && direct)) {
    instance.set_topology(direct);  // not spanning: the heuristics name the unreachable host
    if (solve_bound && spanning)
      program.graph = direct;
    return program;
  }
  if (direct_only || !(wanted || solve_bound) || routes.host_count() > kRoutedGraphHostLimit)
    return program;  // the heuristics say they do not apply
  set_activity("building the routed platform graph");
  const RoutedTopology routed = build_routed_topology(routes, root, {}, costs.host_blocks());
  instance.set_topology(routed.graph);
  program.graph = routed.graph;
  program.options.shared_links = routed.shared_links;
  program.routed = "routed: " + routed.candidates;
  return program;
}

AttachedPlatformGraph attach_solution(BroadcastInstance& instance, const SteadyStateProgram& program,
                                      std::shared_ptr<const SteadyStateSolution> solution)
{
  if (!solution)
    return {};
  instance.set_steady_state(solution, program.root);  // lp-prune and lp-grow-tree reuse it
  return {solution->bytes_per_second, program.routed};
}

AttachedPlatformGraph attach_platform_graph(BroadcastInstance& instance, const PlatformCostModel& costs,
                                            const LinkRouteModel& routes, NodeId root, bool direct_only, bool wanted,
                                            bool solve_bound)
{
  const SteadyStateProgram program = plan_platform_graph(instance, costs, routes, root, direct_only, wanted, solve_bound);
  if (!program.graph)
    return {};
  set_activity("%s", program.activity());
  return attach_solution(instance, program, std::make_shared<const SteadyStateSolution>(program.solve()));
}

}  // namespace hbcast::cli
