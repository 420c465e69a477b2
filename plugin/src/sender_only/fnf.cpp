#include <hbcast/sender_only/fnf.hpp>

#include <hbcast/sender_only/sender_only_times.hpp>
#include <hbcast/util/time_order_key.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <tuple>
#include <utility>

namespace hbcast {
namespace {

struct KeyedNode {
  std::uint64_t key;  // orders as the node's time
  NodeId node;
};

bool key_before(const KeyedNode& a, const KeyedNode& b) { return std::tie(a.key, a.node) < std::tie(b.key, b.node); }

using KeyedIt = std::vector<KeyedNode>::iterator;

// Sorts [first, last) by (key, node): by insertion when short.
void sort_range(KeyedIt first, KeyedIt last)
{
  if (last - first > 32) {
    std::sort(first, last, key_before);
    return;
  }
  for (auto next = first; next != last; ++next) {
    const KeyedNode item = *next;
    auto hole = next;
    for (; hole != first && key_before(item, *(hole - 1)); --hole)
      *hole = *(hole - 1);
    *hole = item;
  }
}

// The items dealt into buckets of equal key ranges, about 8 items each for evenly spread keys
// (every key of a bucket precedes the next bucket's), and the bounds: bucket b is
// [first[b], first[b + 1]).
std::pair<std::vector<KeyedNode>, std::vector<std::size_t>> deal_into_buckets(const std::vector<KeyedNode>& items)
{
  const auto [low, high] = std::minmax_element(items.begin(), items.end(),
                                               [](const KeyedNode& a, const KeyedNode& b) { return a.key < b.key; });
  const std::uint64_t base = low->key;
  int shift = 0;
  while (((high->key - base) >> shift) >= std::max<std::size_t>(items.size() / 8, 1))
    ++shift;
  const auto bucket = [&](const KeyedNode& item) { return static_cast<std::size_t>((item.key - base) >> shift); };
  std::vector<std::size_t> first(bucket(*high) + 2, 0);
  for (const auto& item : items)
    ++first[bucket(item) + 1];
  std::partial_sum(first.begin(), first.end(), first.begin());
  std::vector<KeyedNode> dealt(items.size());
  std::vector<std::size_t> next(first.begin(), first.end() - 1);
  for (const auto& item : items)
    dealt[next[bucket(item)]++] = item;
  return {std::move(dealt), std::move(first)};
}

// Sorts by (key, node), FNF's receive order (Liu, section 3: fastest first, ties to the lower
// index), bucket by bucket once dealt. At 10^6 uniform times a linear pass and 10^5
// tiny sorts beat one std::sort; times crowded into few buckets cost about a std::sort.
void sort_by_time(std::vector<KeyedNode>& items)
{
  if (items.size() < 64) {
    sort_range(items.begin(), items.end());
    return;
  }
  auto [dealt, first] = deal_into_buckets(items);
  for (std::size_t b = 0; b + 1 < first.size(); ++b)
    sort_range(dealt.begin() + static_cast<std::ptrdiff_t>(first[b]),
               dealt.begin() + static_cast<std::ptrdiff_t>(first[b + 1]));
  items = std::move(dealt);
}

}  // namespace

std::vector<NodeId> fnf_receive_order(const std::vector<double>& transmission_times, NodeId source)
{
  const std::size_t n = transmission_times.size();
  std::vector<KeyedNode> receivers;
  receivers.reserve(n);
  for (NodeId v = 0; v < n; ++v)
    if (v != source)
      receivers.push_back({time_order_key(transmission_times[v]), v});
  sort_by_time(receivers);
  std::vector<NodeId> order(receivers.size());
  for (std::size_t k = 0; k < receivers.size(); ++k)
    order[k] = receivers[k].node;
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
