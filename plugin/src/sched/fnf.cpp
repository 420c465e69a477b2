#include <hbcast/sched/fnf.hpp>

#include <hbcast/sched/sender_only_times.hpp>

#include <algorithm>
#include <utility>

namespace hbcast {

std::vector<NodeId> fnf_receive_order(const std::vector<double>& transmission_times, NodeId source)
{
  const std::size_t n = transmission_times.size();
  // (time, index) pairs sorted directly, not indices through the times: contiguous at 10^6.
  std::vector<std::pair<double, NodeId>> receivers;
  receivers.reserve(n);
  for (NodeId v = 0; v < n; ++v)
    if (v != source)
      receivers.emplace_back(transmission_times[v], v);
  std::sort(receivers.begin(), receivers.end());
  std::vector<NodeId> order(receivers.size());
  for (std::size_t k = 0; k < receivers.size(); ++k)
    order[k] = receivers[k].second;
  return order;
}

BroadcastTree fastest_node_first(const std::vector<double>& transmission_times, NodeId source)
{
  return schedule_sequence(transmission_times, source, fnf_receive_order(transmission_times, source)).tree;
}

ScheduleResult schedule_fnf(const BroadcastInstance& instance, NodeId root)
{
  return schedule_sender_only(instance, root, fastest_node_first);
}

}  // namespace hbcast
