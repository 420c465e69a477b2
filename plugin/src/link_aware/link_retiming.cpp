#include <hbcast/link_aware/link_retiming.hpp>

#include <hbcast/link_aware/link_capacity_timeline.hpp>

#include <functional>
#include <limits>
#include <queue>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace hbcast {
namespace {

constexpr double kUnlimited = std::numeric_limits<double>::infinity();

// Places the tree's transfers, senders in the order they become ready; `period` 0: one atomic
// broadcast on a line, > 0: the first slice of a paced pipeline on a circle (nullopt when a
// transfer fits nowhere).
std::optional<BroadcastTree> place(const BroadcastTree& tree, const LinkRouteModel& links, const CostModel& costs,
                                   double bytes, PortModel port, double period)
{
  BroadcastTree timed(tree.size(), tree.root());
  LinkCapacityTimeline timeline(links, period);
  std::vector<std::size_t> sent(tree.size(), 0);  // children each sender has sent to so far
  std::vector<double> first_send(tree.size(), 0.0);
  using Ready = std::pair<double, NodeId>;        // the time a sender may start its next send
  std::priority_queue<Ready, std::vector<Ready>, std::greater<>> ready;
  if (!tree.children(tree.root()).empty())
    ready.push({0.0, tree.root()});
  while (!ready.empty()) {
    const auto [port_free, sender] = ready.top();
    ready.pop();
    const NodeId receiver = tree.children(sender)[sent[sender]++];
    const auto route = links.route(sender, receiver);
    const double data_seconds = bytes / route->bandwidth;
    const double transfer = route->latency + data_seconds;
    const double overhead = port == PortModel::multi_port ? costs.send_overhead(sender, bytes) : 0.0;
    double latest = kUnlimited;
    if (period > 0.0) {
      if (transfer > period)
        return std::nullopt;  // an edge carries one slice at a time
      // The sender's sends of one slice within P of its first (slice j + 1 starts P later).
      if (sent[sender] > 1)
        latest = first_send[sender] + period - (port == PortModel::one_port ? transfer : overhead);
    }
    const double start = timeline.earliest_start(*route, port_free, data_seconds, latest);
    if (start == kUnlimited)
      return std::nullopt;
    if (sent[sender] == 1)
      first_send[sender] = start;
    const double completion = start + transfer;
    timeline.reserve(*route, start + route->latency, completion);
    timed.add_child(sender, receiver);
    timed.set_send_start(receiver, start);
    if (!tree.children(receiver).empty())
      ready.push({completion, receiver});
    if (sent[sender] < tree.children(sender).size())
      ready.push({port == PortModel::one_port ? completion : start + overhead, sender});
  }
  timed.set_slice_period(period);
  return timed;
}

}  // namespace

BroadcastTree retime_under_link_capacity(const BroadcastTree& tree, const LinkRouteModel& links, const CostModel& costs,
                                         double bytes, PortModel port)
{
  for (NodeId u = 0; u < tree.size(); ++u)
    for (NodeId v : tree.children(u))
      if (!links.route(u, v)->routable())
        throw std::invalid_argument("retime_under_link_capacity: the tree sends from node " + std::to_string(u) +
                                    " to node " + std::to_string(v) + ", a pair without a route");
  // On a line without a period, every routed transfer finds a start (the last reservation's end).
  auto placed = place(tree, links, costs, bytes, port, 0.0);
  if (!placed)
    throw std::logic_error("retime_under_link_capacity: a routed transfer found no start");
  return std::move(*placed);
}

std::optional<BroadcastTree> pace_under_link_capacity(const BroadcastTree& tree, const LinkRouteModel& links,
                                                      const CostModel& costs, double slice_bytes, PortModel port,
                                                      double period)
{
  if (!(period > 0.0))
    throw std::invalid_argument("pace_under_link_capacity: the period must be > 0");
  return place(tree, links, costs, slice_bytes, port, period);
}

}  // namespace hbcast
