#include <hbcast/link_aware/link_greedy.hpp>

#include <hbcast/link_aware/group_lookahead.hpp>
#include <hbcast/link_aware/link_capacity_timeline.hpp>
#include <hbcast/link_aware/receiver_groups.hpp>

#include <optional>
#include <queue>
#include <stdexcept>
#include <tuple>

namespace hbcast {
namespace {

struct Candidate {
  double key;
  NodeId sender;
  std::size_t group;
  bool operator>(const Candidate& other) const
  {
    return std::tie(key, sender, group) > std::tie(other.key, other.sender, other.group);
  }
};

// A transfer as it would run now: its receiver, start and completion.
struct Placement {
  NodeId receiver;
  std::shared_ptr<const LinkRoute> route;
  double start;
  double data_seconds;
  double completion() const { return start + route->latency + data_seconds; }
};

class LinkGreedy {
public:
  LinkGreedy(const LinkRouteModel& links, const CostModel& costs, NodeId root, const LinkGreedyOptions& options)
      : links_(links), costs_(costs), options_(options), groups_(group_receivers(links, root, options.bytes)),
        timeline_(links), tree_(links.host_count(), root), informed_(links.host_count(), false),
        port_free_(links.host_count(), 0.0), next_member_(groups_.members.size(), 0),
        uninformed_(groups_.members.size(), 0)
  {
    if (options.lookahead)
      lookahead_.emplace(links, groups_, options.bytes);
    for (std::size_t g = 0; g < groups_.members.size(); ++g)
      uninformed_[g] = groups_.members[g].size();
    mark_informed(root);
    offer_sends_of(root);
  }

  BroadcastTree run()
  {
    std::size_t remaining = links_.host_count() - 1;
    while (remaining > 0) {
      if (heap_.empty())
        throw std::logic_error("link-aware scheduler: no candidate left with hosts uninformed");
      const Candidate top = heap_.top();
      heap_.pop();
      const auto placement = place(top.sender, top.group);
      if (!placement)
        continue;
      const double key = key_of(*placement, top.group);
      if (key <= top.key) {
        commit(top.sender, *placement);
        --remaining;
        offer(top.sender, top.group);
      } else {
        heap_.push({key, top.sender, top.group});
      }
    }
    return std::move(tree_);
  }

private:
  NodeId first_uninformed(std::size_t group)
  {
    const auto& members = groups_.members[group];
    auto& next = next_member_[group];
    while (next < members.size() && informed_[members[next]])
      ++next;
    return next < members.size() ? members[next] : kNoNode;
  }

  std::optional<Placement> place(NodeId sender, std::size_t group)
  {
    const NodeId receiver = first_uninformed(group);
    if (receiver == kNoNode)
      return std::nullopt;
    auto route = links_.route(sender, receiver);
    const double data_seconds = options_.bytes / route->bandwidth;
    const double start = timeline_.earliest_start(*route, port_free_[sender], data_seconds);
    return Placement{receiver, std::move(route), start, data_seconds};
  }

  double key_of(const Placement& placement, std::size_t group)
  {
    return placement.completion() + (lookahead_ ? lookahead_->value(group, uninformed_) : 0.0);
  }

  // Pushes the sender's candidate in `group`, if the group has an uninformed host left.
  void offer(NodeId sender, std::size_t group)
  {
    if (const auto placement = place(sender, group))
      heap_.push({key_of(*placement, group), sender, group});
  }

  void mark_informed(NodeId node)
  {
    informed_[node] = true;
    --uninformed_[groups_.group_of[node]];
  }

  void commit(NodeId sender, const Placement& placement)
  {
    const double data_start = placement.start + placement.route->latency;
    timeline_.reserve(*placement.route, data_start, data_start + placement.data_seconds);
    tree_.add_child(sender, placement.receiver);
    tree_.set_send_start(placement.receiver, placement.start);
    port_free_[sender] = options_.port == PortModel::one_port
                             ? placement.completion()
                             : placement.start + costs_.send_overhead(sender, options_.bytes);
    port_free_[placement.receiver] = placement.completion();
    mark_informed(placement.receiver);
    offer_sends_of(placement.receiver);
  }

  void offer_sends_of(NodeId sender)
  {
    for (std::size_t g = 0; g < groups_.members.size(); ++g)
      if (uninformed_[g] > 0)
        offer(sender, g);
  }

  const LinkRouteModel& links_;
  const CostModel& costs_;
  LinkGreedyOptions options_;
  ReceiverGroups groups_;
  std::optional<GroupLookahead> lookahead_;
  LinkCapacityTimeline timeline_;
  BroadcastTree tree_;
  std::vector<bool> informed_;
  std::vector<double> port_free_;
  std::vector<std::size_t> next_member_;
  std::vector<std::size_t> uninformed_;
  std::priority_queue<Candidate, std::vector<Candidate>, std::greater<>> heap_;
};

}  // namespace

BroadcastTree build_link_greedy_tree(const LinkRouteModel& links, const CostModel& costs, NodeId root,
                                     const LinkGreedyOptions& options)
{
  if (root >= links.host_count())
    throw std::out_of_range("link-aware scheduler: root out of range");
  return LinkGreedy(links, costs, root, options).run();
}

}  // namespace hbcast
