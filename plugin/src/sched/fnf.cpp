#include <hbcast/sched/fnf.hpp>

#include <algorithm>
#include <numeric>
#include <queue>
#include <stdexcept>
#include <tuple>

namespace hbcast {
namespace {

struct Sender {
  double completion;  // free time + own transmission time
  double time;        // t_s
  NodeId node;
  bool operator>(const Sender& other) const
  {
    return std::tie(completion, time, node) > std::tie(other.completion, other.time, other.node);
  }
};

}  // namespace

BroadcastTree fastest_node_first(const std::vector<double>& transmission_times, NodeId source)
{
  const std::size_t n = transmission_times.size();
  BroadcastTree tree(n, source);
  std::vector<NodeId> receivers;
  receivers.reserve(n - 1);
  for (NodeId v = 0; v < n; ++v)
    if (v != source)
      receivers.push_back(v);
  std::sort(receivers.begin(), receivers.end(), [&](NodeId a, NodeId b) {
    return std::tie(transmission_times[a], a) < std::tie(transmission_times[b], b);
  });
  std::priority_queue<Sender, std::vector<Sender>, std::greater<>> senders;
  senders.push({transmission_times[source], transmission_times[source], source});
  for (NodeId receiver : receivers) {
    Sender sender = senders.top();
    senders.pop();
    tree.add_child(sender.node, receiver);
    const double ready = sender.completion;  // the receiver holds the message when the send ends
    senders.push({ready + sender.time, sender.time, sender.node});
    senders.push({ready + transmission_times[receiver], transmission_times[receiver], receiver});
  }
  return tree;
}

BroadcastTree fastest_node_first_any_source(const std::vector<double>& transmission_times)
{
  const auto fastest = std::min_element(transmission_times.begin(), transmission_times.end());
  return fastest_node_first(transmission_times, static_cast<NodeId>(fastest - transmission_times.begin()));
}

ScheduleResult schedule_fnf(const BroadcastInstance& instance, NodeId root)
{
  auto model = instance.sender_only();
  return {fastest_node_first(model->transmission_times(instance.transfer_bytes()), root), model,
          "sender-only t_u (median over destinations)"};
}

}  // namespace hbcast
