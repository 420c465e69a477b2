#pragma once
#include <hbcast/replay/replay_driver.hpp>

#include <cstddef>
#include <vector>

namespace hbcast {

/// What a replay measured. Times are relative to the broadcast's start.
struct ReplayResult {
  double start_time = 0.0;  ///< absolute simulated time the broadcast started
  double makespan = 0.0;    ///< the last node holds the last slice
  std::vector<double> completion_time;  ///< per node: holds the last slice (root: 0)
  /// Per node: when its first incoming transfer (slice 0) started (root: 0).
  std::vector<double> receive_start;
  /// Steady-state period, measured as the busiest port's occupation per slice: for every node,
  /// the mean simulated duration (finish - start) of its transfers for one slice, summed over its
  /// children (one-port) or the longest of them and children x send overhead (multi-port), and the
  /// mean duration of its incoming transfer; the maximum over nodes. Contention stretches the
  /// durations, so it shows here exactly as it does in the makespan.
  double period = 0.0;
  double throughput = 0.0;  ///< slice bytes / period, in bytes per second
  /// Observed steady-state period: at the node that completes last, the mean inter-arrival time
  /// of its slices after the first one (the pipeline fill): (last arrival - first arrival) / (K - 1).
  /// 0 with one slice. Unlike `period`, no formula: what the node saw.
  double observed_period = 0.0;
  std::size_t slowest_node = 0;  ///< the node that completes last (its observed_period)
  std::size_t transfer_count = 0;
  /// How SimGrid was driven (single trees and multi-tree plans; the executable multi-tree forms are
  /// always actor-based).
  ReplayDriver driver = ReplayDriver::actor_per_host;
};

}  // namespace hbcast
