#pragma once
#include <hbcast/replay/replay_result.hpp>
#include <hbcast/simulation/simulation_report.hpp>

#include <cstddef>

namespace hbcast::cli {

/// A replay's figures into the run: the makespan and transfer count, and when pipelined
/// (`slices` > 1) the period, throughput and observed period.
void record_replay(SchedulerRun& run, const ReplayResult& replay, std::size_t slices);

}  // namespace hbcast::cli
