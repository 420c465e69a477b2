#pragma once
#include <hbcast/simulation/simulation_report.hpp>
#include <hbcast/plan/broadcast_plan.hpp>

#include <functional>
#include <string>
#include <vector>

namespace hbcast::cli {

/// FILE.ext, or FILE.<scheduler>.ext when the report has several trees (tree.dot -> tree.fnf.dot).
std::string scheduler_file_path(const std::string& path, const std::string& scheduler, bool several);

/// The run's tree as a plan (one tree, weight 1; a multi-tree run's trees with their weights), with the report's platform, root, size, slices
/// and port, and the run's pairwise prediction and replayed makespan. The report must hold the
/// trees (SimulateOptions::keep_trees).
BroadcastPlan plan_of_run(const SimulationReport& report, const SchedulerRun& run);

/// Every run's tree as Graphviz DOT / as a plan, at scheduler_file_path(path, ..., several) (several:
/// more than one scheduler was requested), each written atomically.
void write_dot_files(const SimulationReport& report, const std::string& path, bool several);
void write_plan_files(const SimulationReport& report, const std::string& path, bool several);

/// The run's plan (plan_of_run) executed by libhbcast_mpi in SMPI on `platform`, timed as the MPI
/// baselines are (run_smpi_timing, with the user's `config`); `stop` as for SmpiRun. Returns SMPI's
/// simulated seconds; throws std::runtime_error (SmpiStopped when stopped) with SMPI's reason.
double run_plan_in_smpi(const SimulationReport& report, const SchedulerRun& run, const std::string& platform,
                        const std::vector<std::string>& config, const std::function<bool()>& stop = {});

/// The run to deploy (deployed_run) executed by libhbcast_mpi in SMPI, as run_plan_in_smpi. When it
/// is `best`'s and the report holds best's finalists, each finalist runs in SMPI and the fastest
/// replaces best's run in the report (its choice lists every finalist's SMPI time, margin_basis
/// "SMPI"); the finalists are then dropped from the report. Returns the deployed plan's SMPI time.
double deploy_in_smpi(SimulationReport& report, const std::string& platform, const std::vector<std::string>& config,
                      const std::function<bool()>& stop = {});

}  // namespace hbcast::cli
