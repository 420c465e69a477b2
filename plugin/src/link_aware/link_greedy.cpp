#include <hbcast/link_aware/link_greedy.hpp>

#include <hbcast/link_aware/group_lookahead.hpp>
#include <hbcast/link_aware/link_capacity_timeline.hpp>
#include <hbcast/link_aware/receiver_groups.hpp>

#include <cstdint>
#include <limits>
#include <optional>
#include <queue>
#include <stdexcept>
#include <tuple>

namespace hbcast {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

// A (sender group, receiver group) pair: the sender group's informed host whose port frees first
// sends to the receiver group's first uninformed host. `stamp` tells the live entry of a pair from
// the superseded ones still in the heap.
struct Candidate {
  double key;
  std::size_t from_group;
  std::size_t to_group;
  std::uint64_t stamp;
  bool operator>(const Candidate& other) const
  {
    return std::tie(key, from_group, to_group) > std::tie(other.key, other.from_group, other.to_group);
  }
};

// A transfer as it would run now: its ends, route, start and completion.
struct Placement {
  NodeId sender;
  NodeId receiver;
  std::shared_ptr<const LinkRoute> route;
  double start;
  double data_seconds;
  double completion() const { return start + route->latency + data_seconds; }
};

// A group's sender for one receiver: when its port frees, and the route between them.
struct ChosenSender {
  double port_free;
  NodeId sender;
  std::shared_ptr<const LinkRoute> route;
};

// Informed hosts of one group by the time their port frees (then index): the top is the group's sender.
using SenderQueue = std::priority_queue<std::pair<double, NodeId>, std::vector<std::pair<double, NodeId>>,
                                        std::greater<>>;

class LinkGreedy {
public:
  LinkGreedy(const LinkRouteModel& links, const CostModel& costs, NodeId root, const LinkGreedyOptions& options)
      : links_(links), costs_(costs), options_(options), groups_(group_receivers(links, root, options.bytes)),
        timeline_(links, options.period), tree_(links.host_count(), root), informed_(links.host_count(), false),
        next_member_(groups_.members.size(), 0), uninformed_(groups_.members.size(), 0),
        senders_(groups_.members.size()), live_(groups_.members.size() * groups_.members.size(), 0),
        untouched_(groups_.members.size(), 1), untouched_groups_(groups_.members.size()),
        first_send_(links.host_count(), -1.0)
  {
    if (options.lookahead)
      lookahead_.emplace(links, groups_, options.bytes);
    between_groups_ = options.lookahead;
    for (std::size_t g = 0; g < groups_.members.size(); ++g)
      uninformed_[g] = groups_.members[g].size();
    inform(root, 0.0);
  }

  // The tree, or nullopt when hosts remain that no sender can reach any more (a paced broadcast
  // whose period is too short for them).
  std::optional<BroadcastTree> run()
  {
    std::size_t remaining = links_.host_count() - 1;
    while (remaining > 0) {
      if (heap_.empty()) {
        if (options_.period > 0.0)
          return std::nullopt;
        throw std::logic_error("link-aware scheduler: no candidate left with hosts uninformed");
      }
      const Candidate top = heap_.top();
      heap_.pop();
      if (top.stamp != live_[pair_index(top.from_group, top.to_group)])
        continue;  // superseded by a later offer of the same pair
      if (between_groups_ && !untouched_[top.to_group])
        continue;  // the first phase reaches each group once
      const auto placement = place(top.from_group, top.to_group);
      if (!placement)
        continue;
      const double key = key_of(*placement, top.to_group);
      if (key <= top.key) {
        commit(top.from_group, *placement);
        --remaining;
        offer(top.from_group, top.to_group);
      } else {
        push(key, top.from_group, top.to_group);
      }
    }
    if (options_.period > 0.0)
      tree_.set_slice_period(options_.period);
    return std::move(tree_);
  }

private:
  std::size_t pair_index(std::size_t from_group, std::size_t to_group) const
  {
    return from_group * groups_.members.size() + to_group;
  }

  NodeId first_uninformed(std::size_t group)
  {
    const auto& members = groups_.members[group];
    auto& next = next_member_[group];
    while (next < members.size() && informed_[members[next]])
      ++next;
    return next < members.size() ? members[next] : kNoNode;
  }

  // The group's first free sender's transfer to the receiver group's first uninformed host, as it
  // would run now. Paced: a sender that has sent and has no room left for it (its window of one
  // period, or its own links on the circle) is retired from its group, and the next is tried;
  // nullopt when the pair has no placement.
  std::optional<Placement> place(std::size_t from_group, std::size_t to_group)
  {
    const NodeId receiver = first_uninformed(to_group);
    while (receiver != kNoNode && !senders_[from_group].empty()) {
      auto [port_free, sender] = senders_[from_group].top();
      auto route = links_.route(sender, receiver);
      if (!route->routable()) {  // the first of the group's other senders the platform routes it from
        const auto chosen = sender_for(from_group, receiver);
        if (!chosen)
          return std::nullopt;
        port_free = chosen->port_free;
        sender = chosen->sender;
        route = chosen->route;
      }
      const double data_seconds = options_.bytes / route->bandwidth;
      const double transfer = route->latency + data_seconds;
      if (options_.period == 0.0)
        return Placement{sender, receiver, route, timeline_.earliest_start(*route, port_free, data_seconds),
                         data_seconds};
      if (transfer > options_.period)
        return std::nullopt;  // an edge carries one slice at a time: no sender of the group can
      const double start = timeline_.earliest_start(*route, port_free, data_seconds, latest_start(sender, transfer));
      if (start < kInfinity)
        return Placement{sender, receiver, std::move(route), start, data_seconds};
      if (first_send_[sender] < 0.0)
        return std::nullopt;  // a sender yet to send has its own links free: the others are full
      remove_sender(from_group, sender);  // its window, or its own links, are full at this period
    }
    return std::nullopt;
  }

  // Paced: the latest start of `sender`'s next send of `transfer` seconds within its window.
  double latest_start(NodeId sender, double transfer) const
  {
    if (first_send_[sender] < 0.0)
      return kInfinity;
    return first_send_[sender] + options_.period -
           (options_.port == PortModel::one_port ? transfer : costs_.send_overhead(sender, options_.bytes));
  }

  // The group's sender for `receiver`: the one whose port frees first, or, where the platform does
  // not route that pair, the first of the others that it routes (none: nullopt).
  std::optional<ChosenSender> sender_for(std::size_t from_group, NodeId receiver) const
  {
    if (senders_[from_group].empty())
      return std::nullopt;
    const auto [port_free, sender] = senders_[from_group].top();
    if (auto route = links_.route(sender, receiver); route->routable())
      return ChosenSender{port_free, sender, std::move(route)};
    for (SenderQueue queue = senders_[from_group]; !queue.empty(); queue.pop())
      if (auto route = links_.route(queue.top().second, receiver); route->routable())
        return ChosenSender{queue.top().first, queue.top().second, std::move(route)};
    return std::nullopt;
  }

  // Takes `sender` out of its group's queue (the top, unless an unrouted pair made another send).
  void remove_sender(std::size_t from_group, NodeId sender)
  {
    SenderQueue& queue = senders_[from_group];
    if (queue.top().second == sender) {
      queue.pop();
      return;
    }
    SenderQueue kept;
    for (; !queue.empty(); queue.pop())
      if (queue.top().second != sender)
        kept.push(queue.top());
    queue = std::move(kept);
  }

  double key_of(const Placement& placement, std::size_t to_group)
  {
    return placement.completion() + lookahead(to_group);
  }

  double lookahead(std::size_t to_group)
  {
    return between_groups_ ? lookahead_->value(to_group, untouched_) : 0.0;
  }

  void push(double key, std::size_t from_group, std::size_t to_group)
  {
    const std::uint64_t stamp = ++live_[pair_index(from_group, to_group)];
    heap_.push({key, from_group, to_group, stamp});
  }

  // Offers the pair, superseding any earlier offer of it, at a lower bound of its value: the
  // sender's port-free time plus the transfer time, links ignored. The links are looked at only
  // when the offer reaches the top of the heap (most offers never do before the end).
  void offer(std::size_t from_group, std::size_t to_group)
  {
    // link-ecef's first phase reaches every group once, between groups only.
    if (between_groups_ && !untouched_[to_group])
      return;
    const NodeId receiver = first_uninformed(to_group);
    if (receiver == kNoNode)
      return;
    const auto chosen = sender_for(from_group, receiver);
    if (!chosen)
      return;
    const auto& [port_free, sender, route] = *chosen;
    const double completion = port_free + route->latency + options_.bytes / route->bandwidth;
    push(completion + lookahead(to_group), from_group, to_group);
  }

  // `node` holds the message at `ready`: it joins its group's senders, whose offers are renewed
  // (it may send earlier than the group's previous first sender).
  void inform(NodeId node, double ready)
  {
    informed_[node] = true;
    const std::size_t group = groups_.group_of[node];
    --uninformed_[group];
    if (untouched_[group]) {
      untouched_[group] = 0;
      --untouched_groups_;
    }
    senders_[group].push({ready, node});
    if (between_groups_ && untouched_groups_ == 0) {
      between_groups_ = false;  // every group reached: from now on, every pair (superseding the first phase)
      for (std::size_t a = 0; a < groups_.members.size(); ++a)
        for (std::size_t g = 0; g < groups_.members.size(); ++g)
          offer(a, g);
      return;
    }
    for (std::size_t g = 0; g < groups_.members.size(); ++g)
      if (uninformed_[g] > 0)
        offer(group, g);
  }

  void commit(std::size_t from_group, const Placement& placement)
  {
    const double data_start = placement.start + placement.route->latency;
    timeline_.reserve(*placement.route, data_start, data_start + placement.data_seconds);
    tree_.add_child(placement.sender, placement.receiver);
    tree_.set_send_start(placement.receiver, placement.start);
    if (first_send_[placement.sender] < 0.0)
      first_send_[placement.sender] = placement.start;
    remove_sender(from_group, placement.sender);
    senders_[from_group].push({options_.port == PortModel::one_port
                                   ? placement.completion()
                                   : placement.start + costs_.send_overhead(placement.sender, options_.bytes),
                               placement.sender});
    inform(placement.receiver, placement.completion());
  }

  const LinkRouteModel& links_;
  const CostModel& costs_;
  LinkGreedyOptions options_;
  ReceiverGroups groups_;
  std::optional<GroupLookahead> lookahead_;
  LinkCapacityTimeline timeline_;
  BroadcastTree tree_;
  std::vector<bool> informed_;
  std::vector<std::size_t> next_member_;
  std::vector<std::size_t> uninformed_;
  std::vector<SenderQueue> senders_;
  std::vector<std::uint64_t> live_;  // per (sender group, receiver group): stamp of the live offer
  std::vector<std::size_t> untouched_;  // per group: 1 while none of its hosts is informed
  std::size_t untouched_groups_;
  bool between_groups_ = false;      // link-ecef's first phase (ECEF between the groups' first hosts)
  std::priority_queue<Candidate, std::vector<Candidate>, std::greater<>> heap_;
  std::vector<double> first_send_;  // paced: each sender's first send start, -1 before it
};

}  // namespace

BroadcastTree build_link_greedy_tree(const LinkRouteModel& links, const CostModel& costs, NodeId root,
                                     const LinkGreedyOptions& options)
{
  if (root >= links.host_count())
    throw std::out_of_range("link-aware scheduler: root out of range");
  if (options.period != 0.0)
    throw std::invalid_argument("build_link_greedy_tree: a paced tree is built by build_paced_link_greedy_tree");
  return *LinkGreedy(links, costs, root, options).run();
}

std::optional<BroadcastTree> build_paced_link_greedy_tree(const LinkRouteModel& links, const CostModel& costs,
                                                          NodeId root, const LinkGreedyOptions& options)
{
  if (root >= links.host_count())
    throw std::out_of_range("link-aware scheduler: root out of range");
  if (!(options.period > 0.0))
    throw std::invalid_argument("build_paced_link_greedy_tree: the period must be > 0");
  return LinkGreedy(links, costs, root, options).run();
}

}  // namespace hbcast
