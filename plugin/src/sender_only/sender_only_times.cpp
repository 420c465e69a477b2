#include <hbcast/sender_only/sender_only_times.hpp>

#include <hbcast/model/sender_only_model.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <deque>
#include <numeric>
#include <optional>
#include <stdexcept>
#include <string>

namespace hbcast {
namespace {

// An informed processor's next send. `slot` is the sender's place in the receive sequence (one past
// the end: the source); its t rides along, so that advancing a sender reads no other memory.
struct Send {
  double completion;
  double time;
  std::size_t slot;
};

// The informed processors' next sends, earliest first by (completion, t, index): Liu,
// equation (1). FIFO j holds the next sends of the receivers that have sent j times. When receivers
// come fastest first (FNF), their ready times r and their t both grow along the sequence, so
// r + (j + 1) t does too and each FIFO fills in (completion, t, index) order: a heap of the FIFO
// fronts, a few dozen sends, finds the earliest. (A heap of every informed processor missed the
// cache at each level at 10^6 processors.) A send that would break its FIFO's order (other
// sequences; the source, first whatever its t) waits in the heap itself: any sequence gets the
// same answer.
class SendQueue {
public:
  SendQueue(const std::vector<NodeId>& receivers, NodeId source, double source_time)
    : receivers_(receivers), source_(source), fifo_count_(receivers.size() >= kFifosFrom ? kFifos : 0)
  {
    heap_.reserve(fifo_count_ > 0 ? 2 * kFifos : receivers.size() + 1);
    push({{source_time, source_time, receivers.size()}, kFifos, false});
  }

  const Send& top() const { return heap_.front().send; }
  /// The top sender served someone: its next send completes one t later.
  void advance_top()
  {
    const Item top = heap_.front();
    const Send next{top.send.completion + top.send.time, top.send.time, top.send.slot};
    const std::size_t sent = std::min(top.sent + 1, kFifos);
    if (!top.is_front && sent >= fifo_count_) {  // no FIFO for it: one sift instead of a pop and a push
      replace_top({next, sent, false});
      return;
    }
    if (top.is_front) {
      auto& fifo = fifos_[top.sent];
      fifo.pop_front();
      if (fifo.empty())
        pop_top();
      else
        replace_top({fifo.front(), top.sent, true});
    } else {
      pop_top();
    }
    add(next, sent);
  }
  /// Receiver `slot` of the sequence holds the message at `ready`.
  void add_receiver(std::size_t slot, double ready, double time) { add({ready + time, time, slot}, 0); }

private:
  // `sent`: the sends made before this one, kFifos and more when the sender never uses a FIFO (the
  // source, or many sends); `is_front`: the item stands for the front of FIFO `sent`.
  struct Item {
    Send send;
    std::size_t sent;
    bool is_front;
  };
  static constexpr std::size_t kFifos = 64;  // zero times send without end: their later sends wait in the heap
  static constexpr std::size_t kFifosFrom = 256;  // shorter sequences: the heap alone, no FIFO to allocate

  NodeId node(std::size_t slot) const { return slot < receivers_.size() ? receivers_[slot] : source_; }
  bool before(const Send& a, const Send& b) const
  {
    if (a.completion != b.completion)
      return a.completion < b.completion;
    if (a.time < b.time || b.time < a.time)
      return a.time < b.time;
    return node(a.slot) < node(b.slot);
  }
  void add(const Send& send, std::size_t sent)
  {
    if (sent < fifo_count_) {
      if (sent >= fifos_.size())
        fifos_.resize(sent + 1);
      auto& fifo = fifos_[sent];
      if (fifo.empty()) {
        fifo.push_back(send);
        push({send, sent, true});
        return;
      }
      if (!before(send, fifo.back())) {
        fifo.push_back(send);
        return;
      }
    }
    push({send, sent, false});
  }

  void push(const Item& item)
  {
    heap_.push_back(item);
    std::size_t index = heap_.size() - 1;
    while (index > 0 && before(item.send, heap_[(index - 1) / 2].send)) {
      heap_[index] = heap_[(index - 1) / 2];
      index = (index - 1) / 2;
    }
    heap_[index] = item;
  }
  void pop_top()
  {
    const Item last = heap_.back();
    heap_.pop_back();
    if (!heap_.empty())
      replace_top(last);
  }
  void replace_top(const Item& item)
  {
    const std::size_t n = heap_.size();
    std::size_t index = 0;
    while (true) {
      std::size_t child = 2 * index + 1;
      if (child >= n)
        break;
      if (child + 1 < n && before(heap_[child + 1].send, heap_[child].send))
        ++child;
      if (!before(heap_[child].send, item.send))
        break;
      heap_[index] = heap_[child];
      index = child;
    }
    heap_[index] = item;
  }

  const std::vector<NodeId>& receivers_;
  NodeId source_;
  std::size_t fifo_count_;
  std::vector<Item> heap_;
  std::vector<std::deque<Send>> fifos_;
};

// The receivers' times in sequence order, read a block ahead: at 10^6 processors each read is a
// cache miss, overlapped in the block's loop but not in the schedule's.
class ReceiverTimes {
public:
  ReceiverTimes(const std::vector<double>& times, const std::vector<NodeId>& receivers)
    : times_(times), receivers_(receivers)
  {
  }
  /// The time of receiver k, for k = 0, 1, 2, ... in turn.
  double next()
  {
    if (next_ % kBlock == 0)
      for (std::size_t k = next_; k < std::min(next_ + kBlock, receivers_.size()); ++k)
        block_[k - next_] = times_[receivers_[k]];
    return block_[next_++ % kBlock];
  }

private:
  static constexpr std::size_t kBlock = 256;
  const std::vector<double>& times_;
  const std::vector<NodeId>& receivers_;
  std::array<double, kBlock> block_;  // not zeroed: short sequences are scheduled by the million (exhaustive oracle)
  std::size_t next_ = 0;
};

void require_processors(std::size_t count, NodeId source, const std::vector<NodeId>& receivers)
{
  const auto outside = [&](NodeId p) { return p >= count; };
  if (outside(source) || std::any_of(receivers.begin(), receivers.end(), outside))
    throw std::out_of_range("receive sequence: a processor is not one of the " + std::to_string(count) +
                            " processors");
}

// Each processor's place in the sequence (the source: receivers.size(); the others: kNoNode). A
// processor that comes twice, or the source as a receiver, would make no tree.
std::vector<std::size_t> sequence_slots(std::size_t node_count, NodeId source, const std::vector<NodeId>& receivers)
{
  std::vector<std::size_t> slot_of(node_count, kNoNode);
  slot_of[source] = receivers.size();
  for (std::size_t k = 0; k < receivers.size(); ++k) {
    if (slot_of[receivers[k]] != kNoNode)
      throw std::invalid_argument("receive sequence: processor " + std::to_string(receivers[k]) +
                                  " comes twice or is the source");
    slot_of[receivers[k]] = k;
  }
  return slot_of;
}

// The receivers grouped by sender slot, in sequence order: slot p's are flat[first[p] .. first[p + 1]).
struct ChildrenBySlot {
  std::vector<std::size_t> first;
  std::vector<NodeId> flat;
};

ChildrenBySlot children_by_slot(const std::vector<NodeId>& receivers, const std::vector<std::size_t>& sender_slots)
{
  ChildrenBySlot result{std::vector<std::size_t>(receivers.size() + 2, 0), std::vector<NodeId>(sender_slots.size())};
  for (std::size_t slot : sender_slots)
    ++result.first[slot + 1];
  std::partial_sum(result.first.begin(), result.first.end(), result.first.begin());
  std::vector<std::size_t> next(result.first.begin(), result.first.end() - 1);
  for (std::size_t k = 0; k < sender_slots.size(); ++k)
    result.flat[next[sender_slots[k]]++] = receivers[k];
  return result;
}

// The tree in which receivers[k] is a child of the sender in sender_slots[k] (slot receivers.size():
// the source), children in sequence order. Grouping by slot, not by node, keeps to nearby memory
// (the senders of nearby receivers are nearby in the sequence). Each child list is then allocated
// once, in node order: appending to 10^6 lists cost a reallocation or two each, and the tree's
// destructor frees them in node order.
BroadcastTree tree_of_sends(std::size_t node_count, NodeId source, const std::vector<NodeId>& receivers,
                            const std::vector<std::size_t>& sender_slots)
{
  const auto slot_of = sequence_slots(node_count, source, receivers);
  const ChildrenBySlot by_slot = children_by_slot(receivers, sender_slots);
  const auto flat_at = [&](std::size_t index) { return by_slot.flat.begin() + static_cast<std::ptrdiff_t>(index); };
  std::vector<std::vector<NodeId>> children(node_count);
  for (NodeId u = 0; u < node_count; ++u)
    if (const std::size_t slot = slot_of[u]; slot != kNoNode && by_slot.first[slot + 1] > by_slot.first[slot])
      children[u].assign(flat_at(by_slot.first[slot]), flat_at(by_slot.first[slot + 1]));
  return BroadcastTree(source, std::move(children));
}

}  // namespace

void require_transmission_times(const std::vector<double>& times, std::optional<NodeId> source)
{
  if (times.empty())
    throw std::invalid_argument("sender-only instance: no processor");
  for (std::size_t p = 0; p < times.size(); ++p)
    if (!(times[p] >= 0.0) || !std::isfinite(times[p]))
      throw std::invalid_argument("sender-only instance: transmission time of processor " + std::to_string(p) +
                                  " must be finite and >= 0");
  if (source && *source >= times.size())
    throw std::invalid_argument("sender-only instance: source " + std::to_string(*source) + " is not one of the " +
                                std::to_string(times.size()) + " processors");
}

NodeId fastest_processor(const std::vector<double>& times)
{
  return static_cast<NodeId>(std::min_element(times.begin(), times.end()) - times.begin());
}

std::vector<double> ready_times(const std::vector<double>& times, const BroadcastTree& tree)
{
  std::vector<double> ready(tree.size(), -1.0);
  ready[tree.root()] = 0.0;
  std::vector<NodeId> pending{tree.root()};
  while (!pending.empty()) {
    const NodeId parent = pending.back();
    pending.pop_back();
    const auto& children = tree.children(parent);
    for (std::size_t k = 0; k < children.size(); ++k)
      if (ready[children[k]] < 0.0) {  // a revisit (invalid tree) is left to the tree validators
        ready[children[k]] = ready[parent] + static_cast<double>(k + 1) * times[parent];
        pending.push_back(children[k]);
      }
  }
  return ready;
}

double tree_makespan(const std::vector<double>& times, const BroadcastTree& tree)
{
  const auto ready = ready_times(times, tree);
  return *std::max_element(ready.begin(), ready.end());
}

SequenceSchedule schedule_sequence(const std::vector<double>& times, NodeId source, const std::vector<NodeId>& receivers,
                                   const SequenceOptions& options)
{
  require_processors(times.size(), source, receivers);
  ReceiverTimes receiver_times(times, receivers);
  SequenceSchedule schedule;
  schedule.ready.reserve(receivers.size());
  std::vector<std::size_t> sender_slots;
  if (options.build_tree)
    sender_slots.reserve(receivers.size());
  SendQueue sends(receivers, source, times[source]);
  for (std::size_t k = 0; k < receivers.size(); ++k) {
    const double ready = sends.top().completion;  // the receiver holds the message when the send ends
    schedule.ready.push_back(ready);
    if (options.build_tree)
      sender_slots.push_back(sends.top().slot);
    if (ready >= options.give_up)
      break;
    sends.advance_top();
    sends.add_receiver(k, ready, receiver_times.next());
  }
  if (options.build_tree)
    schedule.tree = tree_of_sends(times.size(), source, receivers, sender_slots);
  return schedule;
}

SubsetInstance subset_instance(const std::vector<double>& times, NodeId source, const std::vector<NodeId>& sorted_subset)
{
  SubsetInstance restricted{std::vector<double>(sorted_subset.size()), 0};
  for (std::size_t k = 0; k < sorted_subset.size(); ++k)
    restricted.times[k] = times[sorted_subset[k]];
  restricted.source = static_cast<NodeId>(std::lower_bound(sorted_subset.begin(), sorted_subset.end(), source) -
                                          sorted_subset.begin());
  return restricted;
}

BroadcastTree schedule_on_subset(const std::vector<double>& times, NodeId source, std::vector<NodeId> subset,
                                 const std::function<BroadcastTree(const std::vector<double>&, NodeId)>& schedule)
{
  std::sort(subset.begin(), subset.end());
  const SubsetInstance restricted = subset_instance(times, source, subset);
  const BroadcastTree sub = schedule(restricted.times, restricted.source);
  BroadcastTree tree(times.size(), source);
  for (NodeId u = 0; u < sub.size(); ++u)
    for (NodeId c : sub.children(u))
      tree.add_child(subset[u], subset[c]);
  return tree;
}

ScheduleResult schedule_sender_only(const BroadcastInstance& instance, NodeId root,
                                    const std::function<BroadcastTree(const std::vector<double>&, NodeId)>& build)
{
  auto model = instance.sender_only();
  BroadcastTree tree = build(model->transmission_times(instance.transfer_bytes()), root);
  return {std::move(tree), std::move(model), kSenderOnlyModelName};
}

}  // namespace hbcast
