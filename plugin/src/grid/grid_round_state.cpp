#include "grid_round_state.hpp"

#include <algorithm>

namespace hbcast::grid_detail {

RoundState::RoundState(const GridInstance& instance)
    : instance_(instance), position_(instance.cluster_count(), 0), ready_(instance.cluster_count(), kInfinity)
{
  const std::size_t root = instance.root_cluster();
  ready_[root] = 0.0;
  for (std::size_t j = 0; j < instance.cluster_count(); ++j)
    if (j != root) {
      position_[j] = waiting_.size();
      waiting_.push_back(j);
    }
}

void RoundState::send(std::size_t i, std::size_t j)
{
  const double arrival = ready_[i] + instance_.transfer_time(i, j);
  ready_[i] = ready_[j] = arrival;
  decisions_.emplace_back(i, j);
  // Swap-remove j from B (B is unordered; ties are broken by index, not by position).
  const std::size_t at = position_[j];
  position_[waiting_.back()] = at;
  waiting_[at] = waiting_.back();
  waiting_.pop_back();
}

GridSchedule RoundState::finish() const
{
  return time_grid_schedule(instance_, decisions_);
}

namespace {

// Min-heap order on (value, sender): std::push_heap keeps the largest first, so "less" is "worse".
struct WorseEntry {
  template <class E>
  bool operator()(const E& a, const E& b) const
  {
    return a.value != b.value ? a.value > b.value : a.sender > b.sender;
  }
};

}  // namespace

BestSenders::BestSenders(const RoundState& state, Key key)
    : state_(state), key_(key)
{
  const std::size_t k = state.instance().cluster_count(), root = state.instance().root_cluster();
  if (with_ready_times()) {
    heaps_.resize(k);
    for (std::size_t j : state.waiting())
      push(j, root);
  } else {
    best_.resize(k);
    for (std::size_t j : state.waiting())
      best_[j] = Candidate{value(root, j), j, root};
  }
}

double BestSenders::value(std::size_t i, std::size_t j) const
{
  if (key_ == Key::latency)
    return state_.instance().latency(i, j);
  const double transfer = state_.instance().transfer_time(i, j);
  return with_ready_times() ? state_.ready(i) + transfer : transfer;
}

void BestSenders::push(std::size_t j, std::size_t sender)
{
  heaps_[j].push_back({value(sender, j), sender});
  std::push_heap(heaps_[j].begin(), heaps_[j].end(), WorseEntry());
}

void BestSenders::after_send(std::size_t receiver)
{
  for (std::size_t j : state_.waiting()) {
    if (with_ready_times()) {
      push(j, receiver);  // the sender's entries are re-keyed lazily by best()
      continue;
    }
    const Candidate candidate{value(receiver, j), j, receiver};
    if (better_min(candidate, best_[j]))
      best_[j] = candidate;
  }
}

Candidate BestSenders::best(std::size_t j)
{
  if (!with_ready_times())
    return best_[j];
  auto& heap = heaps_[j];
  while (heap.front().value != value(heap.front().sender, j)) {  // stale: that sender got busier
    std::pop_heap(heap.begin(), heap.end(), WorseEntry());
    heap.back().value = value(heap.back().sender, j);
    std::push_heap(heap.begin(), heap.end(), WorseEntry());
  }
  return Candidate{heap.front().value, j, heap.front().sender};
}

SumsToWaiting::SumsToWaiting(const RoundState& state) : state_(state), sum_(state.instance().cluster_count(), 0.0)
{
  for (std::size_t j : state.waiting())
    for (std::size_t b : state.waiting())
      if (b != j)
        sum_[j] += state.instance().transfer_time(j, b);
}

void SumsToWaiting::removed(std::size_t x)
{
  for (std::size_t j : state_.waiting())
    sum_[j] -= state_.instance().transfer_time(j, x);
}

}  // namespace hbcast::grid_detail
