#include <hbcast/sender_only/fnf_multicast.hpp>

#include <hbcast/sender_only/fnf.hpp>
#include <hbcast/sender_only/sender_only_times.hpp>

#include <algorithm>
#include <limits>
#include <tuple>

namespace hbcast {
namespace {

// FNF ready time of the last receiver of `sequence` (already in FNF order, so ready times rise
// along it); the run stops once one reaches `give_up` (returning it).
double fnf_last_ready(const std::vector<double>& times, NodeId source, const std::vector<NodeId>& sequence,
                      double give_up)
{
  return schedule_sequence(times, source, sequence, {false, give_up}).ready.back();
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

}  // namespace

MulticastSchedule fnf_multicast_with_recruits(const std::vector<double>& times, NodeId source,
                                              const std::vector<NodeId>& members, std::size_t recruits)
{
  require_transmission_times(times, source);
  return multicast_with_recruits(times, source, members, recruits, fastest_node_first);
}

MulticastSchedule fnf_multicast(const std::vector<double>& times, NodeId source, const std::vector<NodeId>& members)
{
  require_transmission_times(times, source);
  const auto mask = member_mask(times.size(), source, members);
  if (members.empty())
    return fnf_multicast_with_recruits(times, source, members, 0);
  const auto order = fnf_receive_order(times, source);
  std::vector<NodeId> members_in_order;
  std::vector<NodeId> others_in_order;  // only those ordered before the slowest member matter
  for (NodeId v : order) {
    if (members_in_order.size() == members.size())
      break;
    (mask[v] ? members_in_order : others_in_order).push_back(v);
  }
  const auto bound = schedule_sequence(times, source, order, {false}).ready;  // FNF over every processor
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

ScheduleResult schedule_fnf_multicast(const BroadcastInstance& instance, NodeId root, const std::vector<NodeId>& members)
{
  return schedule_sender_only_multicast(instance, root, members, fnf_multicast);
}

}  // namespace hbcast
