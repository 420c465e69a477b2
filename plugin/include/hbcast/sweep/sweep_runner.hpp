#pragma once
#include <hbcast/sweep/scenario.hpp>
#include <hbcast/sweep/sweep_point.hpp>
#include <hbcast/sweep/sweep_row.hpp>

#include <ostream>
#include <string>

namespace hbcast::cli {

struct SweepOptions {
  std::string output;
  std::string format = "csv";
  std::size_t workers = 1;
  Shard shard;
  bool resume = false;
};

struct SweepSummary {
  std::size_t points_in_shard = 0;
  std::size_t already_done = 0;
  std::size_t ran = 0;
  std::size_t failed = 0;
};

/// Runs the scenario's points (those of the shard not already in the results file when
/// resuming), each in its own process, `workers` at a time, with the scenario's time limit per
/// point. A point that crashes or times out is recorded as failed and the sweep goes on. Progress
/// (points done, failures, ETA) goes to `progress` when it is a terminal.
SweepSummary run_sweep(const Scenario& scenario, const SweepOptions& options, std::ostream& progress);

/// Runs one point in this process (one SimGrid engine): the point's platform (generated from its
/// seed, or the scenario's file), its root, its settings. Returns the row.
SweepRow run_point(const Scenario& scenario, const SweepPoint& point);

}  // namespace hbcast::cli
