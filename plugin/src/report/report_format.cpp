#include <hbcast/report/report_format.hpp>

#include <hbcast/report/results_table.hpp>
#include <hbcast/report/text_table.hpp>
#include <hbcast/util/size_parser.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace hbcast::cli {
namespace {

std::string seconds(double value)
{
  return fmt::format("{:.6f}", value);
}

std::string error_text(double simulated, double predicted)
{
  return fmt::format("{:+.2e}", relative_error(simulated, predicted));
}

std::string rate(const std::optional<double>& bytes_per_second)
{
  if (!bytes_per_second || !std::isfinite(*bytes_per_second))
    return "inf";
  return fmt::format("{:.3f}", *bytes_per_second / 1e6);
}

// Errors often start "scheduler-name: ..."; under a list of names that prefix says nothing.
std::string without_scheduler_prefix(const SchedulerRun& run)
{
  const std::string prefix = run.scheduler + ": ";
  return run.error.rfind(prefix, 0) == 0 ? run.error.substr(prefix.size()) : run.error;
}

std::string csv_number(const std::optional<double>& value)
{
  const auto number = finite_or_null(value);
  return number.is_null() ? "" : fmt::format("{:.17g}", number.get<double>());
}

// "skipped   a, b (reason)", one line per reason, the names in registry order.
void write_skipped(std::ostream& out, const std::vector<SchedulerRun>& skipped)
{
  std::vector<std::pair<std::string, std::vector<std::string>>> by_reason;
  for (const auto& run : skipped) {
    const std::string reason = without_scheduler_prefix(run);
    auto it = std::find_if(by_reason.begin(), by_reason.end(), [&](const auto& entry) { return entry.first == reason; });
    if (it == by_reason.end())
      by_reason.push_back({reason, {run.scheduler}});
    else
      it->second.push_back(run.scheduler);
  }
  for (const auto& [reason, names] : by_reason)
    out << fmt::format("skipped   {} ({})\n", fmt::join(names, ", "), reason);
}

void write_header(std::ostream& out, const SimulationReport& report)
{
  if (report.host_count > 0)
    out << fmt::format("platform  {} ({} hosts), root {}\n", report.platform, report.host_count, report.root);
  else
    out << fmt::format("platform  {}, root {}\n", report.platform, report.root);
  out << fmt::format("message   {}", format_size(report.message_bytes));
  if (report.slices > 1)
    out << fmt::format(" in {} slices of {}", report.slices, format_size(report.slice_bytes));
  else
    out << " (atomic)";
  out << fmt::format(", {}\n", report.port);
  if (report.network_config.empty())
    out << fmt::format("mode      {}\n", report.mode);
  else
    out << fmt::format("mode      {} ({})\n", report.mode, fmt::join(report.network_config, ", "));
  if (!report.members.empty())
    out << fmt::format("multicast to {} of the other {} hosts ({}); makespan = the last member informed\n",
                       report.members.size(), report.host_count - 1, report.member_selection);
  write_skipped(out, report.skipped);
  out << "\n";
}

std::string with_optimality(const SchedulerRun& run)
{
  if (run.optimality.empty())
    return run.own_model;
  return run.own_model + (run.optimality == "proven" ? ", proven optimal" : ", optimality not proven");
}

bool has_figures(const SchedulerRun& run)
{
  return run.status == "ok";
}

// The schedulers of the table that gave no figures, with why.
void write_runs_without_figures(std::ostream& out, const std::vector<SchedulerRun>& runs)
{
  if (std::all_of(runs.begin(), runs.end(), has_figures))
    return;
  TextTable table({"scheduler", "status", "reason"});
  for (const auto& run : runs)
    if (!has_figures(run))
      table.add_row({run.scheduler, run.status, without_scheduler_prefix(run)});
  out << "\nNo figures\n";
  table.print(out);
}

// One row; a run without figures leaves their cells empty and says why in status and error.
void write_csv_row(std::ostream& out, const SimulationReport& report, const SchedulerRun& run)
{
  out << fmt::format("{},{},{},{},{},{:.17g},{},{:.17g},{},{},", csv_field(run.scheduler), csv_field(run.own_model),
                     csv_field(report.platform), report.host_count, csv_field(report.root), report.message_bytes,
                     report.slices, report.slice_bytes, report.port, csv_field(report.mode));
  if (has_figures(run)) {
    out << fmt::format("{:.17g},{:.17g},{:.17g},{:.6e},{:.6e},", run.own.makespan, run.pairwise.makespan,
                       run.simulated.makespan, relative_error(run.simulated.makespan, run.own.makespan),
                       relative_error(run.simulated.makespan, run.pairwise.makespan));
    out << fmt::format("{},{},{},{},{},{},{},{:.3f},{},", csv_number(run.own.period), csv_number(run.pairwise.period),
                       csv_number(run.simulated.period), csv_number(run.own.throughput),
                       csv_number(run.pairwise.throughput), csv_number(run.simulated.throughput), run.transfers,
                       run.wall_seconds, run.optimality);
    out << fmt::format("{},{},{},", report.members.size(), run.multicast_method, run.recruited.size());
  } else {
    out << fmt::format(",,,,,,,,,,,,{:.3f},,{},,,", run.wall_seconds, report.members.size());
  }
  out << fmt::format("{},{}\n", run.status, csv_field(run.error));
}

}  // namespace

void write_report_table(std::ostream& out, const SimulationReport& report)
{
  write_header(out, report);
  const bool multicast = !report.members.empty();
  std::vector<std::string> columns{"scheduler",     "own model",  "own (s)",        "pairwise (s)",
                                   "simulated (s)", "sim vs own", "sim vs pairwise"};
  if (multicast)
    columns.insert(columns.end(), {"multicast method", "recruits"});
  TextTable makespans(columns);
  for (const auto& run : report.runs) {
    if (run.status != "ok") {
      std::vector<std::string> row(columns.size(), "-");
      row[0] = run.scheduler;
      row[1] = "(" + run.status + ", below)";
      makespans.add_row(row);
      continue;
    }
    std::vector<std::string> row{run.scheduler,
                                 with_optimality(run),
                                 seconds(run.own.makespan),
                                 seconds(run.pairwise.makespan),
                                 seconds(run.simulated.makespan),
                                 error_text(run.simulated.makespan, run.own.makespan),
                                 error_text(run.simulated.makespan, run.pairwise.makespan)};
    if (multicast)
      row.insert(row.end(), {run.multicast_method, std::to_string(run.recruited.size())});
    makespans.add_row(row);
  }
  out << "Makespan\n";
  makespans.print(out);
  write_runs_without_figures(out, report.runs);
  if (report.slices == 1 || !std::any_of(report.runs.begin(), report.runs.end(), has_figures))
    return;
  TextTable steady({"scheduler", "period own (s)", "pairwise (s)", "simulated (s)", "sim vs pairwise",
                    "throughput own (MB/s)", "pairwise (MB/s)", "simulated (MB/s)"});
  for (const auto& run : report.runs)
    if (has_figures(run))
      steady.add_row({run.scheduler, seconds(*run.own.period), seconds(*run.pairwise.period),
                    seconds(*run.simulated.period), error_text(*run.simulated.period, *run.pairwise.period),
                    rate(run.own.throughput), rate(run.pairwise.throughput), rate(run.simulated.throughput)});
  out << "\nSteady state (period per slice; simulated = busiest port's mean occupation per slice)\n";
  steady.print(out);
}

void write_report_csv(std::ostream& out, const SimulationReport& report)
{
  out << "scheduler,own_model,platform,hosts,root,message_bytes,slices,slice_bytes,port,mode,"
         "own_makespan,pairwise_makespan,simulated_makespan,error_vs_own,error_vs_pairwise,"
         "own_period,pairwise_period,simulated_period,own_throughput,pairwise_throughput,simulated_throughput,"
         "transfers,wall_seconds,optimality,members,multicast_method,recruited,status,error\n";
  for (const auto& run : report.runs)
    write_csv_row(out, report, run);
  for (const auto& run : report.skipped)
    write_csv_row(out, report, run);
}

void write_report_json(std::ostream& out, const SimulationReport& report)
{
  out << nlohmann::json(report).dump(2) << '\n';
}

}  // namespace hbcast::cli
