#include <hbcast/sweep/mpi_baseline_point.hpp>

#include <hbcast/simulation/mpi_baselines.hpp>
#include <hbcast/simulation/platform_generators.hpp>
#include <hbcast/simulation/scheduler_simulation.hpp>
#include <hbcast/simulation/temporary_platform_file.hpp>
#include <hbcast/sweep/point_options.hpp>

#include <optional>

namespace hbcast::cli {

SweepRow run_mpi_baseline_point(const Scenario& scenario, const SweepPoint& point)
{
  SimulateOptions options = point_options(scenario, point);
  std::optional<TemporaryPlatformFile> generated;  // smpirun reads a path of its own
  if (scenario.platform.file.empty()) {
    generated.emplace(generate_platform_xml(scenario.platform.generator, point.generator_parameters, point.seed),
                      "hbcast-sweep-platform");
    options.platform = generated->path();
  } else {
    options.platform = scenario.platform.file;
  }
  const BroadcastParticipants participants = broadcast_participants(options);
  const MpiBaseline baseline = run_mpi_baselines(options.platform, participants.hosts, participants.root,
                                                 point.message_bytes, {mpi_algorithm(point)}, point.simgrid)
                                   .at(0);
  if (!baseline.simulated)
    return failed_row(scenario, point, baseline.status == "not-applicable" ? "not-applicable" : "failed",
                      "SMPI: " + baseline.error);
  return mpi_baseline_row(scenario, point, participants.root, participants.hosts.size(), *baseline.simulated);
}

}  // namespace hbcast::cli
