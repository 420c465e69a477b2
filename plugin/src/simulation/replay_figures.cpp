#include <hbcast/simulation/replay_figures.hpp>

namespace hbcast::cli {

void record_replay(SchedulerRun& run, const ReplayResult& replay, std::size_t slices)
{
  run.simulated.makespan = replay.makespan;
  if (slices > 1) {
    run.simulated.period = replay.period;
    run.simulated.throughput = replay.throughput;
    run.observed_period = replay.observed_period;
  }
  run.transfers = replay.transfer_count;
  run.replay_driver = to_string(replay.driver);
}

}  // namespace hbcast::cli
