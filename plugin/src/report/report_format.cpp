#include <hbcast/report/report_format.hpp>

#include <hbcast/report/results_table.hpp>
#include <hbcast/report/text_table.hpp>
#include <hbcast/util/size_parser.hpp>

#include <fmt/format.h>

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

std::string csv_number(const std::optional<double>& value)
{
  const auto number = finite_or_null(value);
  return number.is_null() ? "" : fmt::format("{:.17g}", number.get<double>());
}

void write_header(std::ostream& out, const SimulationReport& report)
{
  out << fmt::format("platform  {} ({} hosts), root {}\n", report.platform, report.host_count, report.root);
  out << fmt::format("message   {}", format_size(report.message_bytes));
  if (report.slices > 1)
    out << fmt::format(" in {} slices of {}", report.slices, format_size(report.slice_bytes));
  else
    out << " (atomic)";
  out << fmt::format(", {}\n", report.port);
  out << fmt::format("mode      {} ({})\n", report.mode, fmt::join(report.network_config, ", "));
  if (!report.members.empty())
    out << fmt::format("multicast to {} of the other {} hosts ({}); makespan = the last member informed\n",
                       report.members.size(), report.host_count - 1, report.member_selection);
  if (!report.skipped.empty())
    out << fmt::format("skipped   {} (they need direct host-to-host links, which this platform has not)\n",
                       fmt::join(report.skipped, ", "));
  out << "\n";
}

std::string with_optimality(const SchedulerRun& run)
{
  if (run.optimality.empty())
    return run.own_model;
  return run.own_model + (run.optimality == "proven" ? ", proven optimal" : ", optimality not proven");
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
  if (report.slices == 1)
    return;
  TextTable steady({"scheduler", "period own (s)", "pairwise (s)", "simulated (s)", "sim vs pairwise",
                    "throughput own (MB/s)", "pairwise (MB/s)", "simulated (MB/s)"});
  for (const auto& run : report.runs)
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
         "transfers,wall_seconds,optimality,members,multicast_method,recruited\n";
  for (const auto& run : report.runs) {
    out << fmt::format("{},{},{},{},{},{:.17g},{},{:.17g},{},{},", csv_field(run.scheduler), csv_field(run.own_model),
                       csv_field(report.platform), report.host_count, csv_field(report.root), report.message_bytes,
                       report.slices, report.slice_bytes, report.port, report.mode);
    out << fmt::format("{:.17g},{:.17g},{:.17g},{:.6e},{:.6e},", run.own.makespan, run.pairwise.makespan,
                       run.simulated.makespan, relative_error(run.simulated.makespan, run.own.makespan),
                       relative_error(run.simulated.makespan, run.pairwise.makespan));
    out << fmt::format("{},{},{},{},{},{},{},{:.3f},{},", csv_number(run.own.period), csv_number(run.pairwise.period),
                       csv_number(run.simulated.period), csv_number(run.own.throughput),
                       csv_number(run.pairwise.throughput), csv_number(run.simulated.throughput), run.transfers,
                       run.wall_seconds, run.optimality);
    out << fmt::format("{},{},{}\n", report.members.size(), run.multicast_method, run.recruited.size());
  }
}

void write_report_json(std::ostream& out, const SimulationReport& report)
{
  out << nlohmann::json(report).dump(2) << '\n';
}

}  // namespace hbcast::cli
