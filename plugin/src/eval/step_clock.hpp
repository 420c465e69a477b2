#pragma once
// Internal to the contention analysis: the times of its rate steps.
#include <hbcast/util/time_order_key.hpp>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace hbcast {

/// A rate change of the contention sweep, 4 bytes: 2 k where transfer k's data phase starts,
/// 2 k + 1 where it ends. A StepClock gives its time, so a step needs no copy of it.
using StepCode = std::uint32_t;

/// The time of every step code of the transfers added that cross links (a -0.0 time reads 0.0).
/// While their steps hold at most kFewTimes distinct times (a tree on uniform links: every transfer
/// of a round starts and ends at once), each code keeps a 16-bit rank into those times, sorted by
/// time_order_key: a quarter of the memory of a double per code (at 10^4 hosts a cold analysis
/// pays for every fresh page), and the steps sort by counting. Past that, a double per code.
class StepClock {
public:
  static constexpr std::size_t kFewTimes = 512;

  StepClock();
  /// Room for the steps of `transfers` transfers.
  void reserve(std::size_t transfers);

  /// The next transfer (k = those added so far) crosses links during its data phase [start, end).
  void add(double start, double end);
  /// The next transfer crosses none: its codes exist, and are never read.
  void add_idle();
  /// Ranks the distinct times (ranked clocks). Call once every transfer is added.
  void finish();

  /// The time of a step of a transfer added with add().
  double operator[](StepCode code) const { return ranked_ ? distinct_[ranks_[code]] : times_[code]; }
  /// Whether every code has a rank (at most kFewTimes distinct times).
  bool ranked() const { return ranked_; }
  /// Such a step's rank: its time's position among the distinct ones (ranked clocks only).
  std::uint16_t rank(StepCode code) const { return ranks_[code]; }
  std::size_t distinct_times() const { return distinct_.size(); }

private:
  std::uint16_t rank_of(double time);  // its index of first sight; kFewTimes when one too many
  void switch_to_times();

  // Open addressing over the distinct times' keys (a quarter full at most), the keys in an array
  // of their own: a probe reads one key, the index only on a hit. Key 0 (a NaN's) marks an empty
  // slot: a NaN is never added (its data phase is empty).
  static constexpr unsigned kSlotBits = 11;
  bool ranked_ = true;
  std::vector<std::uint16_t> ranks_;     // per code: index of first sight, then rank (finish)
  std::vector<double> distinct_;         // by index of first sight, then in time order (finish)
  std::vector<std::uint64_t> slot_key_;  // time_order_key, 0: empty
  std::vector<std::uint16_t> slot_index_;
  std::vector<double> times_;            // per code, once there are too many distinct times
};

}  // namespace hbcast
