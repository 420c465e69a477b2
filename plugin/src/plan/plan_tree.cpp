#include <hbcast/plan/plan_tree.hpp>

#include <hbcast/plan/plan_json.hpp>

#include <deque>
#include <unordered_map>

namespace hbcast {

PlanTree to_plan_tree(const BroadcastTree& tree, const std::vector<std::string>& host_names, double weight)
{
  PlanTree plan{weight, {}, tree.slice_period()};
  std::deque<NodeId> frontier{tree.root()};
  while (!frontier.empty()) {
    const NodeId parent = frontier.front();
    frontier.pop_front();
    for (NodeId child : tree.children(parent)) {
      plan.edges.push_back({host_names.at(parent), host_names.at(child), tree.send_start(child)});
      frontier.push_back(child);
    }
  }
  return plan;
}

BroadcastTree to_broadcast_tree(const PlanTree& tree, const std::vector<std::string>& host_names,
                                const std::string& root)
{
  std::unordered_map<std::string, NodeId> index;
  for (NodeId v = 0; v < host_names.size(); ++v)
    index.emplace(host_names[v], v);
  auto node = [&](const std::string& name) {
    auto found = index.find(name);
    if (found == index.end())
      throw PlanError("plan host '" + name + "' is not a host of the platform");
    return found->second;
  };
  BroadcastTree result(host_names.size(), node(root));
  result.set_slice_period(tree.slice_period);
  for (const auto& edge : tree.edges) {
    const NodeId child = node(edge.child);
    result.add_child(node(edge.parent), child);
    if (edge.start)
      result.set_send_start(child, *edge.start);
  }
  return result;
}

}  // namespace hbcast
