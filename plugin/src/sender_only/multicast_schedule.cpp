#include <hbcast/sender_only/multicast_schedule.hpp>

#include <hbcast/core/tree_validation.hpp>
#include <hbcast/sender_only/sender_only_times.hpp>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <tuple>

namespace hbcast {

std::vector<bool> member_mask(std::size_t node_count, NodeId source, const std::vector<NodeId>& members)
{
  std::vector<bool> mask(node_count, false);
  for (NodeId m : members) {
    if (m >= node_count)
      throw std::invalid_argument("multicast member " + std::to_string(m) + " is not one of the " +
                                  std::to_string(node_count) + " processors");
    if (m == source)
      throw std::invalid_argument("multicast member " + std::to_string(m) + " is the source");
    if (mask[m])
      throw std::invalid_argument("multicast member " + std::to_string(m) + " is listed twice");
    mask[m] = true;
  }
  return mask;
}

std::vector<NodeId> multicast_participants(const std::vector<double>& times, NodeId source,
                                           const std::vector<bool>& member_mask, std::size_t recruits)
{
  std::vector<NodeId> others;
  for (NodeId v = 0; v < times.size(); ++v)
    if (v != source && !member_mask[v])
      others.push_back(v);
  recruits = std::min(recruits, others.size());
  std::nth_element(others.begin(), others.begin() + static_cast<std::ptrdiff_t>(recruits), others.end(),
                   [&](NodeId a, NodeId b) { return std::tie(times[a], a) < std::tie(times[b], b); });
  std::vector<NodeId> chosen(others.begin(), others.begin() + static_cast<std::ptrdiff_t>(recruits));
  chosen.push_back(source);
  for (NodeId v = 0; v < times.size(); ++v)
    if (member_mask[v])
      chosen.push_back(v);
  std::sort(chosen.begin(), chosen.end());
  return chosen;
}

void validate_multicast_tree(const BroadcastTree& tree, const std::vector<NodeId>& members)
{
  // The participants, made contiguous, must form a valid spanning tree of their own.
  std::vector<NodeId> index(tree.size(), kNoNode);
  std::vector<NodeId> participants{tree.root()};
  index[tree.root()] = 0;
  auto enrol = [&](NodeId v) {
    if (v < tree.size() && index[v] == kNoNode) {
      index[v] = participants.size();
      participants.push_back(v);
    }
  };
  for (NodeId u = 0; u < tree.size(); ++u)
    for (NodeId c : tree.children(u)) {
      if (c >= tree.size())
        throw InvalidTree("node " + std::to_string(u) + " has a child index " + std::to_string(c) + " outside the tree");
      enrol(u);
      enrol(c);
    }
  for (NodeId m : members)
    enrol(m);
  BroadcastTree compact(participants.size(), 0);
  for (NodeId u : participants)
    for (NodeId c : tree.children(u))
      compact.add_child(index[u], index[c]);
  std::vector<std::string> names;
  for (NodeId v : participants)
    names.push_back(std::to_string(v));
  validate_tree(compact, names);
}

MulticastSchedule make_multicast_schedule(const BroadcastTree& tree, const std::vector<double>& times,
                                          const std::vector<NodeId>& members)
{
  const auto mask = member_mask(tree.size(), tree.root(), members);
  const auto ready = ready_times(times, tree);
  MulticastSchedule schedule{BroadcastTree(tree.size(), tree.root()), {}, 0.0};
  for (NodeId m : members)
    schedule.member_completion = std::max(schedule.member_completion, ready[m]);
  for (NodeId u = 0; u < tree.size(); ++u)
    for (NodeId c : tree.children(u))
      if (mask[c] || ready[c] <= schedule.member_completion)
        schedule.tree.add_child(u, c);
  schedule.recruited = recruited_relays(schedule.tree, mask);
  std::sort(schedule.recruited.begin(), schedule.recruited.end(),
            [&](NodeId a, NodeId b) { return std::tie(times[a], a) < std::tie(times[b], b); });
  return schedule;
}

MulticastSchedule multicast_with_recruits(
    const std::vector<double>& times, NodeId source, const std::vector<NodeId>& members, std::size_t recruits,
    const std::function<BroadcastTree(const std::vector<double>&, NodeId)>& schedule)
{
  const auto participants = multicast_participants(times, source, member_mask(times.size(), source, members), recruits);
  return make_multicast_schedule(schedule_on_subset(times, source, participants, schedule), times, members);
}

std::vector<NodeId> recruited_relays(const BroadcastTree& tree, const std::vector<bool>& member_mask)
{
  std::vector<NodeId> recruited;
  const auto parents = tree.parents();
  for (NodeId v = 0; v < parents.size(); ++v)
    if (parents[v] != kNoNode && !member_mask[v])
      recruited.push_back(v);
  return recruited;
}

ScheduleResult schedule_sender_only_multicast(const BroadcastInstance& instance, NodeId root,
                                              const std::vector<NodeId>& members, const SenderOnlyMulticast& build)
{
  return schedule_sender_only(instance, root, [&](const std::vector<double>& times, NodeId source) {
    return build(times, source, members).tree;
  });
}

}  // namespace hbcast
