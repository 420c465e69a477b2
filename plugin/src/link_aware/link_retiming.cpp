#include <hbcast/link_aware/link_retiming.hpp>

#include <hbcast/link_aware/link_capacity_timeline.hpp>

#include <functional>
#include <queue>
#include <utility>
#include <vector>

namespace hbcast {

BroadcastTree retime_under_link_capacity(const BroadcastTree& tree, const LinkRouteModel& links, const CostModel& costs,
                                         double bytes, PortModel port)
{
  BroadcastTree timed(tree.size(), tree.root());
  LinkCapacityTimeline timeline(links);
  std::vector<std::size_t> sent(tree.size(), 0);  // children each sender has sent to so far
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
    const double start = timeline.earliest_start(*route, port_free, data_seconds);
    const double completion = start + route->latency + data_seconds;
    timeline.reserve(*route, start + route->latency, completion);
    timed.add_child(sender, receiver);
    timed.set_send_start(receiver, start);
    if (!tree.children(receiver).empty())
      ready.push({completion, receiver});
    if (sent[sender] < tree.children(sender).size())
      ready.push({port == PortModel::one_port ? completion : start + costs.send_overhead(sender, bytes), sender});
  }
  return timed;
}

}  // namespace hbcast
