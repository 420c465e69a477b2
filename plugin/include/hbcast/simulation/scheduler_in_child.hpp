#pragma once
#include <hbcast/simulation/isolated_run.hpp>
#include <hbcast/simulation/simulate_options.hpp>
#include <hbcast/simulation/simulation_report.hpp>

#include <chrono>
#include <functional>
#include <optional>
#include <ostream>
#include <string>

namespace hbcast::cli {

/// The report's header from the options alone, for when no scheduler loaded the platform.
void header_from_options(SimulationReport& report, const SimulateOptions& options);

/// The row of a scheduler whose process gave no report: "timeout", or "failed" when it crashed
/// after its scheduler started; with the predictions it published before its replay, if any (and
/// then that report's header in `header`). A process that threw, or crashed before its scheduler
/// started, failed on the input (platform, root, members, SimGrid options): every scheduler would,
/// so this throws std::runtime_error and the command stops (exit 2).
SchedulerRun run_without_report(const IsolatedOutcome& outcome, const std::string& name,
                                std::optional<SimulationReport>* header = nullptr);

/// One scheduler simulated in its own process (SimGrid allows one engine per process and may
/// abort): its run, a row "timeout" or "failed" for its own failures, and, when the child
/// reported, its report's header (the report without its run) in `header`. Throws
/// std::runtime_error when the input itself failed.
/// `simulate` returns the scheduler's one-run report (SimulationSession::simulate in a child forked
/// from the process holding the session). The timeout counts from `started`: now minus
/// the shared work the child inherits, which its limit covers as when each child loaded the
/// platform itself.
SchedulerRun run_in_child(const std::function<SimulationReport()>& simulate, double timeout_seconds,
                          std::chrono::steady_clock::time_point started, const std::string& name, std::ostream& err,
                          std::optional<SimulationReport>& header);

}  // namespace hbcast::cli
