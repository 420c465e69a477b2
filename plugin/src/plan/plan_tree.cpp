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

PeriodicSchedule to_periodic_schedule(const BroadcastPlan& plan, const std::vector<std::string>& host_names)
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
  PeriodicSchedule schedule;
  schedule.period_slices = plan.form_slices;
  schedule.slot_seconds = plan.slot_seconds;
  for (const auto& slot : plan.slots) {
    schedule.slots.emplace_back();
    for (const auto& piece : slot)
      schedule.slots.back().push_back({piece.tree, node(piece.from), node(piece.to), piece.first, piece.last, piece.delay});
  }
  std::vector<std::vector<NodeId>> parents;
  for (const auto& tree : plan.trees)
    parents.push_back(to_broadcast_tree(tree, host_names, plan.root).parents());
  for (const auto& lags : plan.lags) {
    schedule.lags.emplace_back(host_names.size(), kNoNode);
    for (const auto& [host, lag] : lags)
      schedule.lags.back()[node(host)] = lag;
  }
  try {
    check_periodic_schedule(schedule, parents);
  } catch (const std::invalid_argument& error) {
    throw PlanError(std::string("plan: ") + error.what());
  }
  return schedule;
}

std::vector<std::map<std::string, std::size_t>> to_plan_lags(const PeriodicSchedule& schedule,
                                                             const std::vector<std::string>& host_names)
{
  std::vector<std::map<std::string, std::size_t>> lags;
  for (const auto& lag : schedule.lags) {
    lags.emplace_back();
    for (NodeId v = 0; v < lag.size() && v < host_names.size(); ++v)
      if (lag[v] != kNoNode)
        lags.back()[host_names[v]] = lag[v];
  }
  return lags;
}

std::vector<std::vector<PlanPiece>> to_plan_slots(const PeriodicSchedule& schedule,
                                                  const std::vector<std::string>& host_names)
{
  std::vector<std::vector<PlanPiece>> slots;
  for (const auto& slot : schedule.slots) {
    slots.emplace_back();
    for (const auto& piece : slot)
      slots.back().push_back(
          {piece.tree, host_names.at(piece.from), host_names.at(piece.to), piece.first, piece.last, piece.delay});
  }
  return slots;
}

}  // namespace hbcast
