#include "step_clock.hpp"

#include <algorithm>
#include <numeric>

namespace hbcast {

StepClock::StepClock()
    : slot_key_(std::size_t{1} << kSlotBits, 0), slot_index_(std::size_t{1} << kSlotBits, 0)
{
  static_assert((std::size_t{1} << kSlotBits) >= 4 * kFewTimes);
  distinct_.reserve(kFewTimes);
}

void StepClock::reserve(std::size_t transfers)
{
  if (ranked_)
    ranks_.reserve(2 * transfers);
  else
    times_.reserve(2 * transfers);
}

void StepClock::add(double start, double end)
{
  start += 0.0;  // -0.0 reads as the instant 0.0 (its key is 0.0's already)
  end += 0.0;
  if (ranked_) {
    const std::uint16_t start_rank = rank_of(start);
    const std::uint16_t end_rank = start_rank == kFewTimes ? kFewTimes : rank_of(end);
    if (end_rank != kFewTimes) {
      ranks_.push_back(start_rank);
      ranks_.push_back(end_rank);
      return;
    }
    switch_to_times();
  }
  times_.push_back(start);
  times_.push_back(end);
}

void StepClock::add_idle()
{
  if (ranked_)
    ranks_.insert(ranks_.end(), 2, 0);
  else
    times_.insert(times_.end(), 2, 0.0);
}

// Multiplicative hash, linear probing.
std::uint16_t StepClock::rank_of(double time)
{
  const std::uint64_t key = time_order_key(time);
  const std::size_t mask = slot_key_.size() - 1;
  std::size_t slot = (key * 0x9E3779B97F4A7C15ULL) >> (64 - kSlotBits);
  for (; slot_key_[slot] != 0; slot = (slot + 1) & mask)
    if (slot_key_[slot] == key)
      return slot_index_[slot];
  if (distinct_.size() == kFewTimes)
    return kFewTimes;
  slot_key_[slot] = key;
  slot_index_[slot] = static_cast<std::uint16_t>(distinct_.size());
  distinct_.push_back(time);
  return slot_index_[slot];
}

// One distinct time too many: the codes added so far get their times back (idle ones read
// distinct_[0], never used), and the ranks go.
void StepClock::switch_to_times()
{
  ranked_ = false;
  times_.reserve(ranks_.capacity());
  for (std::uint16_t rank : ranks_)
    times_.push_back(distinct_[rank]);
  ranks_ = {};
  distinct_ = {};
  slot_key_ = {};
  slot_index_ = {};
}

void StepClock::finish()
{
  if (!ranked_ || distinct_.empty())
    return;
  std::vector<std::uint16_t> by_key(distinct_.size());
  std::iota(by_key.begin(), by_key.end(), 0);
  std::sort(by_key.begin(), by_key.end(), [&](std::uint16_t a, std::uint16_t b) {
    return time_order_key(distinct_[a]) < time_order_key(distinct_[b]);
  });
  std::vector<std::uint16_t> rank(distinct_.size());
  std::vector<double> sorted(distinct_.size());
  for (std::size_t r = 0; r < by_key.size(); ++r) {
    rank[by_key[r]] = static_cast<std::uint16_t>(r);
    sorted[r] = distinct_[by_key[r]];
  }
  for (std::uint16_t& code_rank : ranks_)  // idle codes hold 0, then rank[0]: valid, never read
    code_rank = rank[code_rank];
  distinct_ = std::move(sorted);
  slot_key_ = {};
  slot_index_ = {};
}

}  // namespace hbcast
