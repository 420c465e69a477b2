#include <hbcast/sched/fnf.hpp>

#include <algorithm>
#include <numeric>
#include <queue>
#include <stdexcept>
#include <tuple>

namespace hbcast {
namespace {

// The informed processors in a 4-ary min-heap on (completion, time, index): a 16-byte entry and
// half the depth of a binary heap, since at 10^6 processors the heap outgrows the caches and each
// level is a miss. The time is read from the instance only to break ties.
class SenderHeap {
public:
  explicit SenderHeap(const std::vector<double>& times) : times_(times) { entries_.reserve(times.size()); }

  const NodeId& top_node() const { return entries_.front().node; }
  double top_completion() const { return entries_.front().completion; }
  /// The top sender served someone: its next completion is one transmission later.
  void advance_top()
  {
    entries_.front().completion += times_[entries_.front().node];
    sift_down(0);
  }
  void push(double completion, NodeId node)
  {
    entries_.push_back({completion, node});
    sift_up(entries_.size() - 1);
  }

private:
  struct Entry {
    double completion;
    NodeId node;
  };
  static constexpr std::size_t kArity = 4;

  bool before(const Entry& a, const Entry& b) const
  {
    if (a.completion != b.completion)
      return a.completion < b.completion;
    return std::tie(times_[a.node], a.node) < std::tie(times_[b.node], b.node);
  }
  void sift_up(std::size_t index)
  {
    const Entry moving = entries_[index];
    while (index > 0) {
      const std::size_t parent = (index - 1) / kArity;
      if (!before(moving, entries_[parent]))
        break;
      entries_[index] = entries_[parent];
      index = parent;
    }
    entries_[index] = moving;
  }
  void sift_down(std::size_t index)
  {
    const Entry moving = entries_[index];
    const std::size_t n = entries_.size();
    while (true) {
      const std::size_t first = kArity * index + 1;
      if (first >= n)
        break;
      std::size_t best = first;
      for (std::size_t child = first + 1; child < std::min(first + kArity, n); ++child)
        if (before(entries_[child], entries_[best]))
          best = child;
      if (!before(entries_[best], moving))
        break;
      entries_[index] = entries_[best];
      index = best;
    }
    entries_[index] = moving;
  }

  const std::vector<double>& times_;
  std::vector<Entry> entries_;
};

}  // namespace

BroadcastTree fastest_node_first(const std::vector<double>& transmission_times, NodeId source)
{
  const std::size_t n = transmission_times.size();
  BroadcastTree tree(n, source);
  // (time, index) pairs sorted directly: the receiver order, fastest first, ties by lower index.
  std::vector<std::pair<double, NodeId>> receivers;
  receivers.reserve(n - 1);
  for (NodeId v = 0; v < n; ++v)
    if (v != source)
      receivers.emplace_back(transmission_times[v], v);
  std::sort(receivers.begin(), receivers.end());
  SenderHeap senders(transmission_times);
  senders.push(transmission_times[source], source);
  for (const auto& [time, receiver] : receivers) {
    const double ready = senders.top_completion();  // the receiver holds the message when the send ends
    tree.add_child(senders.top_node(), receiver);
    senders.advance_top();
    senders.push(ready + time, receiver);
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
