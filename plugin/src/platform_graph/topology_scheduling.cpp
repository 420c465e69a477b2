#include <hbcast/platform_graph/topology_scheduling.hpp>

#include <hbcast/model/scheduler_not_applicable.hpp>
#include <hbcast/platform_graph/steady_state_lp.hpp>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace hbcast {

void require_reachable_from(const TopologyGraph& graph, NodeId source)
{
  if (source >= graph.size())
    throw std::invalid_argument("source " + std::to_string(source) + " is not one of the " +
                                std::to_string(graph.size()) + " hosts of the platform graph");
  const NodeId missing = graph.first_unreached_from(source);
  if (missing != kNoNode)
    throw std::invalid_argument("host " + std::to_string(missing) + " is not reachable from host " +
                                std::to_string(source) + " along the platform's direct links");
}

const TopologyGraph& checked_topology(const BroadcastInstance& instance, NodeId root, const std::string& scheduler)
{
  const TopologyGraph& graph = instance.topology(scheduler);
  if (graph.size() != instance.size())
    throw std::invalid_argument(scheduler + ": the platform graph has " + std::to_string(graph.size()) +
                                " hosts, the instance " + std::to_string(instance.size()));
  if (root >= instance.size())
    throw std::invalid_argument(scheduler + ": root " + std::to_string(root) + " is not one of the " +
                                std::to_string(instance.size()) + " hosts");
  const NodeId missing = graph.first_unreached_from(root);
  if (missing != kNoNode)
    throw SchedulerNotApplicable(scheduler + ": host '" + instance.host_names()[missing] +
                                "' is not reachable from the root '" + instance.host_names()[root] +
                                "' along the platform's direct links");
  return graph;
}

void require_edge_loads(const TopologyGraph& graph, const std::vector<double>& edge_loads)
{
  if (edge_loads.size() != graph.link_count())
    throw std::invalid_argument(std::to_string(edge_loads.size()) + " edge loads for " +
                                std::to_string(graph.link_count()) + " links");
  for (std::size_t link = 0; link < edge_loads.size(); ++link)
    if (!std::isfinite(edge_loads[link]))
      throw std::invalid_argument("the edge load of link " + std::to_string(link) + " is not finite");
}

std::vector<double> steady_state_edge_loads(const TopologyGraph& graph, NodeId source, double slice_bytes)
{
  // The default method (cut generation over n_uv) is exact and solves 65-host platforms in
  // milliseconds where the full x^{uv}_w program stalls; its edge loads are an optimal n.
  return solve_steady_state_broadcast(graph, source, slice_bytes).edge_loads;
}

std::vector<double> steady_state_edge_loads(const BroadcastInstance& instance, NodeId source)
{
  if (const SteadyStateSolution* solved = instance.steady_state(source))
    return solved->edge_loads;
  return steady_state_edge_loads(instance.topology("the steady-state LP"), source, instance.transfer_bytes());
}

BroadcastTree tree_from_parents(const TopologyGraph& graph, NodeId source, const std::vector<NodeId>& parents,
                                double slice_bytes)
{
  BroadcastTree tree(graph.size(), source);
  std::vector<std::vector<NodeId>> children(graph.size());
  for (NodeId v = 0; v < parents.size(); ++v)
    if (v != source)
      children.at(parents[v]).push_back(v);
  for (NodeId u = 0; u < graph.size(); ++u) {
    auto& list = children[u];
    std::vector<std::pair<double, NodeId>> by_time;
    for (NodeId v : list)
      by_time.emplace_back(graph.link_time(u, v, slice_bytes), v);  // throws if (u, v) is not a link
    std::sort(by_time.begin(), by_time.end());
    for (const auto& [time, v] : by_time)
      tree.add_child(u, v);
  }
  return tree;
}

ScheduleResult platform_graph_schedule(BroadcastTree tree)
{
  return {std::move(tree), nullptr, "platform graph T_uv"};
}

ScheduleResult schedule_load_guided(const BroadcastInstance& instance, NodeId root, const std::string& scheduler,
                                    LoadGuidedTree build)
{
  const TopologyGraph& graph = checked_topology(instance, root, scheduler);
  return platform_graph_schedule(build(graph, root, steady_state_edge_loads(instance, root), instance.transfer_bytes()));
}

}  // namespace hbcast
