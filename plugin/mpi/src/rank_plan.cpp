#include "rank_plan.hpp"

#include <hbcast/plan/plan_json.hpp>

#include <deque>
#include <set>
#include <unordered_map>

namespace hbcast::mpi {
namespace {

std::unordered_map<std::string, int> rank_of_hosts(const BroadcastPlan& plan,
                                                   const std::vector<std::string>& rank_hosts)
{
  const std::set<std::string> known(plan.hosts.begin(), plan.hosts.end());
  std::unordered_map<std::string, int> rank_of;
  for (int rank = 0; rank < static_cast<int>(rank_hosts.size()); ++rank) {
    const std::string& host = rank_hosts[rank];
    if (known.count(host) == 0)
      throw PlanError("rank " + std::to_string(rank) + " runs on host '" + host +
                      "', which is not a host of the plan's platform (give a rank map)");
    auto [it, fresh] = rank_of.emplace(host, rank);
    if (!fresh)
      throw PlanError("ranks " + std::to_string(it->second) + " and " + std::to_string(rank) +
                      " both run on host '" + host + "' (give a rank map)");
  }
  return rank_of;
}

int rank_running(const std::unordered_map<std::string, int>& rank_of, const std::string& host,
                 const std::string& what, std::size_t rank_count)
{
  auto found = rank_of.find(host);
  if (found == rank_of.end())
    throw PlanError(what + " host '" + host + "', which no rank of the communicator runs on (" +
                    std::to_string(rank_count) + " ranks)");
  return found->second;
}

void check_spanning(const RankTree& tree, int root, std::size_t index, const std::vector<std::string>& rank_hosts)
{
  std::vector<bool> reached(tree.parent.size(), false);
  std::deque<int> frontier{root};
  reached[root] = true;
  while (!frontier.empty()) {
    const int rank = frontier.front();
    frontier.pop_front();
    for (int child : tree.children[rank])
      if (!reached[child]) {
        reached[child] = true;
        frontier.push_back(child);
      }
  }
  for (std::size_t rank = 0; rank < reached.size(); ++rank)
    if (!reached[rank])
      throw PlanError("plan tree " + std::to_string(index) + " does not reach rank " + std::to_string(rank) +
                      " (host '" + rank_hosts[rank] + "')");
}

RankTree map_tree(const PlanTree& plan_tree, std::size_t index, int root,
                  const std::unordered_map<std::string, int>& rank_of, const std::vector<std::string>& rank_hosts)
{
  const std::size_t n = rank_hosts.size();
  const std::string name = "plan tree " + std::to_string(index);
  RankTree tree{std::vector<int>(n, -1), std::vector<std::vector<int>>(n), std::vector<std::vector<double>>(n),
                plan_tree.slice_period};
  for (const auto& edge : plan_tree.edges) {
    const int parent = rank_running(rank_of, edge.parent, name + " sends from", n);
    const int child = rank_running(rank_of, edge.child, name + " sends to", n);
    if (child == root)
      throw PlanError(name + ": the root '" + edge.child + "' receives");
    if (tree.parent[child] != -1)
      throw PlanError(name + ": host '" + edge.child + "' receives twice");
    tree.parent[child] = parent;
    tree.children[parent].push_back(child);
    tree.send_start[parent].push_back(edge.start.value_or(-1.0));
  }
  check_spanning(tree, root, index, rank_hosts);
  return tree;
}

// Hosts the tree reaches or sends from: the root and every edge's ends.
std::size_t hosts_in(const PlanTree& tree, const std::string& root)
{
  std::set<std::string> hosts{root};
  for (const auto& edge : tree.edges) {
    hosts.insert(edge.parent);
    hosts.insert(edge.child);
  }
  return hosts.size();
}

}  // namespace

RankPlan map_plan_to_ranks(const BroadcastPlan& plan, const std::vector<std::string>& rank_hosts)
{
  for (std::size_t t = 0; t < plan.trees.size(); ++t)
    if (hosts_in(plan.trees[t], plan.root) != rank_hosts.size())
      throw PlanError("plan tree " + std::to_string(t) + " spans " + std::to_string(hosts_in(plan.trees[t], plan.root)) +
                      " hosts, the communicator has " + std::to_string(rank_hosts.size()) + " ranks");
  const auto rank_of = rank_of_hosts(plan, rank_hosts);
  RankPlan mapped;
  mapped.rank_count = static_cast<int>(rank_hosts.size());
  mapped.root = rank_running(rank_of, plan.root, "the plan's root is", rank_hosts.size());
  mapped.slices = plan.slices;
  mapped.multi_port = plan.port == "multi-port";
  for (std::size_t t = 0; t < plan.trees.size(); ++t) {
    mapped.weights.push_back(plan.trees[t].weight);
    mapped.trees.push_back(map_tree(plan.trees[t], t, mapped.root, rank_of, rank_hosts));
    mapped.parents.emplace_back();
    for (int parent : mapped.trees.back().parent)
      mapped.parents.back().push_back(parent < 0 ? kNoNode : static_cast<NodeId>(parent));
  }
  mapped.send_latency.assign(rank_hosts.size(), 0.0);
  mapped.send_seconds_per_byte.assign(rank_hosts.size(), 0.0);
  if (mapped.multi_port)
    for (const auto& gap : plan.send_gaps)
      if (const auto rank = rank_of.find(gap.host); rank != rank_of.end()) {
        mapped.send_latency[static_cast<std::size_t>(rank->second)] = gap.latency;
        mapped.send_seconds_per_byte[static_cast<std::size_t>(rank->second)] = gap.seconds_per_byte;
      }
  const auto form = multi_tree_form_named(plan.form);
  if (!form)
    throw PlanError("plan: unknown form '" + plan.form + "'");
  mapped.form = *form;
  mapped.form_slices = plan.form_slices;
  mapped.receives_posted = plan.receives_posted;
  if (mapped.form == MultiTreeForm::periodic) {
    if (mapped.multi_port)
      throw PlanError("plan: the periodic form is one-port");
    mapped.schedule.period_slices = plan.form_slices;
    mapped.schedule.slot_seconds = plan.slot_seconds;
    for (const auto& slot : plan.slots) {
      mapped.schedule.slots.emplace_back();
      for (const auto& piece : slot)
        mapped.schedule.slots.back().push_back(
            {piece.tree, static_cast<NodeId>(rank_running(rank_of, piece.from, "a slot sends from", rank_hosts.size())),
             static_cast<NodeId>(rank_running(rank_of, piece.to, "a slot sends to", rank_hosts.size())), piece.first,
             piece.last, piece.delay});
    }
    for (const auto& lags : plan.lags) {
      mapped.schedule.lags.emplace_back(rank_hosts.size(), kNoNode);
      for (const auto& [host, lag] : lags)
        mapped.schedule.lags.back()[static_cast<std::size_t>(
            rank_running(rank_of, host, "a lag is given for", rank_hosts.size()))] = lag;
    }
    try {
      check_periodic_schedule(mapped.schedule, mapped.parents);
    } catch (const std::invalid_argument& error) {
      throw PlanError(std::string("plan: ") + error.what());
    }
  }
  return mapped;
}

}  // namespace hbcast::mpi
