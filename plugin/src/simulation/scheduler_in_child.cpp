#include <hbcast/simulation/scheduler_in_child.hpp>

#include <hbcast/eval/pipeline_evaluator.hpp>
#include <hbcast/model/port_model.hpp>
#include <hbcast/simulation/isolated_run.hpp>
#include <hbcast/simulation/scheduler_simulation.hpp>

#include <nlohmann/json.hpp>

#include <stdexcept>

namespace hbcast::cli {

// What a report says when no scheduler got as far as loading the platform (all timed out).
void header_from_options(SimulationReport& report, const SimulateOptions& options)
{
  report.platform = !options.instance_description.empty() ? options.instance_description
                    : options.platform.empty()            ? default_platform_path()
                                                          : options.platform;
  report.root = options.root.empty() ? "(first host)" : options.root;
  report.message_bytes = options.message_bytes;
  report.slices = options.slices;
  report.slice_bytes = slice_size(options.message_bytes, options.slices);
  report.port = to_string(parse_port_model(options.port).value());
  report.mode = "unknown (no scheduler loaded the platform)";
  report.timeout_seconds = options.timeout_seconds;
  report.budget_seconds = options.budget_seconds;
}

SchedulerRun run_without_report(const IsolatedOutcome& outcome, const std::string& name,
                                std::optional<SimulationReport>* header)
{
  if (!outcome.partial_payload.empty()) {  // the tree was predicted before the run stopped
    auto partial = nlohmann::json::parse(outcome.partial_payload).get<SimulationReport>();
    SchedulerRun run = std::move(partial.runs.front());
    run.status = outcome.timed_out ? "timeout" : "failed";
    run.error = outcome.error.substr(0, outcome.error.find('\n'));
    partial.runs.clear();
    if (header != nullptr)
      *header = std::move(partial);
    return run;
  }
  if (outcome.timed_out)
    return run_without_figures(name, "timeout", outcome.error);
  if (outcome.threw || !outcome.past_milestone)
    throw std::runtime_error(outcome.error);
  return run_without_figures(name, "failed", outcome.error);
}

SchedulerRun run_in_child(const std::function<SimulationReport()>& simulate, double timeout_seconds,
                          std::chrono::steady_clock::time_point started, const std::string& name, std::ostream& err,
                          std::optional<SimulationReport>& header)
{
  auto outcome = run_isolated([&] { return nlohmann::json(simulate()).dump(); }, timeout_seconds, started);
  if (!outcome.ok)
    return run_without_report(outcome, name, &header);
  err << outcome.child_stderr;  // the scheduler's own messages; a failure's are summed up in its row
  auto part = nlohmann::json::parse(outcome.payload).get<SimulationReport>();
  SchedulerRun run = std::move(part.runs.front());
  part.runs.clear();
  header = std::move(part);
  return run;
}

}  // namespace hbcast::cli
