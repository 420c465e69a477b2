#include <hbcast/sched/fnf_multicast.hpp>

#include <hbcast/sched/fnf.hpp>

#include <algorithm>
#include <functional>
#include <limits>
#include <queue>
#include <tuple>

namespace hbcast {
namespace {

// The non-source processors by (t, id): FNF's receive order.
std::vector<NodeId> receive_order(const std::vector<double>& times, NodeId source)
{
  std::vector<NodeId> order;
  for (NodeId v = 0; v < times.size(); ++v)
    if (v != source)
      order.push_back(v);
  std::sort(order.begin(), order.end(),
            [&](NodeId a, NodeId b) { return std::tie(times[a], a) < std::tie(times[b], b); });
  return order;
}

// FNF ready time of the last receiver of `sequence` (already in FNF order): each receiver gets
// the earliest completion among the informed senders, seed 000 equation (1). Ready times rise
// along the sequence, so the run stops once one reaches `give_up` (returning it).
double fnf_last_ready(const std::vector<double>& times, NodeId source, const std::vector<NodeId>& sequence,
                      double give_up, std::vector<double>* all = nullptr)
{
  using Sender = std::pair<double, double>;  // (next completion, own time)
  std::priority_queue<Sender, std::vector<Sender>, std::greater<>> senders;
  senders.emplace(times[source], times[source]);
  double ready = 0.0;
  for (NodeId v : sequence) {
    const auto [completion, own] = senders.top();
    senders.pop();
    ready = completion;
    if (all != nullptr)
      all->push_back(ready);
    if (ready >= give_up)
      return ready;
    senders.emplace(completion + own, own);
    senders.emplace(completion + times[v], times[v]);
  }
  return ready;
}

// Members plus the first `recruits` non-members, in FNF order: a merge of the two ordered lists.
std::vector<NodeId> merged_sequence(const std::vector<double>& times, const std::vector<NodeId>& members_in_order,
                                    const std::vector<NodeId>& others_in_order, std::size_t recruits)
{
  std::vector<NodeId> sequence(members_in_order.size() + recruits);
  std::merge(members_in_order.begin(), members_in_order.end(), others_in_order.begin(),
             others_in_order.begin() + static_cast<std::ptrdiff_t>(recruits), sequence.begin(),
             [&](NodeId a, NodeId b) { return std::tie(times[a], a) < std::tie(times[b], b); });
  return sequence;
}

void check_source(std::size_t n, NodeId source)
{
  if (source >= n)
    throw std::invalid_argument("multicast source " + std::to_string(source) + " is not one of the " +
                                std::to_string(n) + " processors");
}

}  // namespace

MulticastSchedule fnf_multicast_with_recruits(const std::vector<double>& times, NodeId source,
                                              const std::vector<NodeId>& members, std::size_t recruits)
{
  check_source(times.size(), source);
  const auto mask = member_mask(times.size(), source, members);
  std::vector<NodeId> participants(members);
  std::vector<NodeId> others;
  for (NodeId v = 0; v < times.size(); ++v)
    if (v != source && !mask[v])
      others.push_back(v);
  recruits = std::min(recruits, others.size());
  std::nth_element(others.begin(), others.begin() + static_cast<std::ptrdiff_t>(recruits), others.end(),
                   [&](NodeId a, NodeId b) { return std::tie(times[a], a) < std::tie(times[b], b); });
  participants.insert(participants.end(), others.begin(), others.begin() + static_cast<std::ptrdiff_t>(recruits));
  participants.push_back(source);
  std::sort(participants.begin(), participants.end());  // increasing ids keep FNF's tie-breaking
  std::vector<double> sub_times;
  NodeId sub_source = 0;
  for (std::size_t k = 0; k < participants.size(); ++k) {
    sub_times.push_back(times[participants[k]]);
    if (participants[k] == source)
      sub_source = k;
  }
  const BroadcastTree sub = fastest_node_first(sub_times, sub_source);
  BroadcastTree tree(times.size(), source);
  for (NodeId u = 0; u < sub.size(); ++u)
    for (NodeId c : sub.children(u))
      tree.add_child(participants[u], participants[c]);
  return make_multicast_schedule(tree, times, members);
}

MulticastSchedule fnf_multicast(const std::vector<double>& times, NodeId source, const std::vector<NodeId>& members)
{
  check_source(times.size(), source);
  const auto mask = member_mask(times.size(), source, members);
  if (members.empty())
    return fnf_multicast_with_recruits(times, source, members, 0);
  const auto order = receive_order(times, source);
  std::vector<NodeId> members_in_order;
  std::vector<NodeId> others_in_order;  // only those ordered before the slowest member matter
  for (NodeId v : order) {
    if (members_in_order.size() == members.size())
      break;
    (mask[v] ? members_in_order : others_in_order).push_back(v);
  }
  std::vector<double> bound;  // FNF over every processor
  fnf_last_ready(times, source, order, std::numeric_limits<double>::infinity(), &bound);
  double best = std::numeric_limits<double>::infinity();
  std::size_t best_k = 0;
  for (std::size_t k = 0; k <= others_in_order.size() && bound[members.size() + k - 1] < best; ++k) {
    const double value = fnf_last_ready(times, source, merged_sequence(times, members_in_order, others_in_order, k), best);
    if (value < best) {
      best = value;
      best_k = k;
    }
  }
  return fnf_multicast_with_recruits(times, source, members, best_k);
}

}  // namespace hbcast
