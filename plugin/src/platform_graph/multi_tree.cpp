#include <hbcast/platform_graph/multi_tree.hpp>

#include <hbcast/platform_graph/arborescence_packing.hpp>
#include <hbcast/platform_graph/port_tree_packing.hpp>
#include <hbcast/platform_graph/routed_topology.hpp>
#include <hbcast/platform_graph/steady_state_lp.hpp>
#include <hbcast/platform_graph/topology_scheduling.hpp>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace hbcast {
namespace {

std::vector<SharedLinkRow> shared_links_of(const BroadcastInstance& instance, const TopologyGraph& graph)
{
  return instance.has_links() ? shared_link_rows(*instance.links("multi-tree"), graph.links())
                              : std::vector<SharedLinkRow>{};
}

// The program in the instance's port model; one-port reuses a solution already set.
SteadyStateSolution steady_state_loads(const BroadcastInstance& instance, const TopologyGraph& graph, NodeId root,
                                       const std::vector<SharedLinkRow>& shared_links)
{
  if (instance.port() == PortModel::one_port)
    if (const SteadyStateSolution* solved = instance.steady_state(root))
      return *solved;
  SteadyStateLpOptions options;
  options.port = instance.port();
  options.shared_links = shared_links;
  return solve_steady_state_broadcast(graph, root, instance.transfer_bytes(), options);
}

// Trees priced against the program's own rows (port or overhead, shared links), up to its optimum,
// from the greedy packing of its loads: far fewer degenerate rounds than packing the loads exactly.
ArborescencePacking plan_trees(const BroadcastInstance& instance, const TopologyGraph& graph, NodeId root,
                               const std::vector<std::pair<NodeId, NodeId>>& arcs,
                               const std::vector<SharedLinkRow>& shared_links, const SteadyStateSolution& lp)
{
  return pack_port_trees(graph, root, instance.transfer_bytes(), shared_links, instance.port(), lp.slices_per_second,
                         greedy_arborescences(graph.size(), root, arcs, lp.edge_loads));
}

std::size_t subtree_height(const std::vector<std::vector<NodeId>>& children, NodeId node)
{
  std::size_t height = 0;
  for (NodeId child : children[node])
    height = std::max(height, 1 + subtree_height(children, child));
  return height;
}

BroadcastTree tree_of(const WeightedArborescence& packed, const std::vector<std::pair<NodeId, NodeId>>& arcs,
                      std::size_t node_count, NodeId root)
{
  std::vector<std::vector<NodeId>> children(node_count);
  for (std::size_t arc : packed.arcs)
    children[arcs[arc].first].push_back(arcs[arc].second);
  std::vector<std::size_t> height(node_count);
  for (NodeId node = 0; node < node_count; ++node)
    height[node] = subtree_height(children, node);
  for (auto& list : children)
    std::stable_sort(list.begin(), list.end(), [&](NodeId a, NodeId b) { return height[a] > height[b]; });
  return BroadcastTree(root, std::move(children));
}

}  // namespace

ScheduleResult schedule_multi_tree(const BroadcastInstance& instance, NodeId root)
{
  const TopologyGraph& graph = checked_topology(instance, root, "multi-tree");
  if (graph.size() < 2)
    return {BroadcastTree(graph.size(), root), nullptr, "a single host: nothing to send"};
  const auto arcs = graph.links();
  const auto shared_links = shared_links_of(instance, graph);
  const SteadyStateSolution lp = steady_state_loads(instance, graph, root, shared_links);
  const ArborescencePacking packing = plan_trees(instance, graph, root, arcs, shared_links, lp);
  ScheduleResult result;
  for (const auto& packed : packing.trees)
    result.weighted_trees.push_back({packed.weight, tree_of(packed, arcs, graph.size(), root)});
  std::stable_sort(result.weighted_trees.begin(), result.weighted_trees.end(),
                   [](const WeightedTree& a, const WeightedTree& b) { return a.weight > b.weight; });
  result.tree = result.weighted_trees.front().tree;
  result.steady_state_optimum = lp.slices_per_second;
  result.rate_slice_bytes = instance.transfer_bytes();
  result.own_model_name = "steady-state program over the platform graph (multi-tree plan)";
  return result;
}

ScheduleResult schedule_multi_tree_form(const BroadcastInstance& instance, NodeId root, MultiTreeForm form,
                                        const std::string& scheduler, const std::string& slices_key,
                                        const std::string& own_model_name)
{
  const double slices = instance.parameter(slices_key, 0.0);
  if (!(slices >= 0.0) || slices != std::floor(slices))
    throw std::invalid_argument(scheduler + ": '" + slices_key + "' must be a whole number of slices (0: chosen)");
  const double alone = instance.parameter("alone", 1.0);
  if (alone != 0.0 && alone != 1.0)
    throw std::invalid_argument(scheduler + ": 'alone' must be 0 or 1");
  ScheduleResult result = schedule_multi_tree(instance, root);
  result.may_run_single_tree = alone == 1.0;
  result.form = form;
  result.form_slices = static_cast<std::size_t>(slices);
  result.own_model_name = own_model_name;
  return result;
}

}  // namespace hbcast
