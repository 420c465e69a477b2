#include <hbcast/sched/sender_only_times.hpp>

#include <hbcast/model/sender_only_model.hpp>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <tuple>

namespace hbcast {
namespace {

// The informed processors in a 4-ary min-heap on (completion, time, index): a 16-byte entry and
// half the depth of a binary heap, since at 10^6 processors (FNF) the heap outgrows the caches and
// each level is a miss. The time is read from the instance only to break ties.
class SenderHeap {
public:
  SenderHeap(const std::vector<double>& times, std::size_t capacity) : times_(times) { entries_.reserve(capacity); }

  NodeId top_node() const { return entries_.front().node; }
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
  SequenceSchedule schedule;
  if (options.build_tree)
    schedule.tree = BroadcastTree(times.size(), source);
  schedule.ready.reserve(receivers.size());
  SenderHeap senders(times, receivers.size() + 1);
  senders.push(times[source], source);
  for (NodeId receiver : receivers) {
    const double ready = senders.top_completion();  // the receiver holds the message when the send ends
    schedule.ready.push_back(ready);
    if (options.build_tree)
      schedule.tree.add_child(senders.top_node(), receiver);
    if (ready >= options.give_up)
      break;
    senders.advance_top();
    senders.push(ready + times[receiver], receiver);
  }
  return schedule;
}

BroadcastTree schedule_on_subset(const std::vector<double>& times, NodeId source, std::vector<NodeId> subset,
                                 const std::function<BroadcastTree(const std::vector<double>&, NodeId)>& schedule)
{
  std::sort(subset.begin(), subset.end());
  std::vector<double> sub_times(subset.size());
  for (std::size_t k = 0; k < subset.size(); ++k)
    sub_times[k] = times[subset[k]];
  const auto sub_source = static_cast<NodeId>(std::lower_bound(subset.begin(), subset.end(), source) - subset.begin());
  const BroadcastTree sub = schedule(sub_times, sub_source);
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
