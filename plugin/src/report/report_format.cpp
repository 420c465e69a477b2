#include <hbcast/report/report_format.hpp>

#include <hbcast/eval/pipeline_evaluator.hpp>

#include <hbcast/report/multi_tree_section.hpp>
#include <hbcast/report/results_table.hpp>
#include <hbcast/report/text_table.hpp>
#include <hbcast/util/size_parser.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>

namespace hbcast::cli {
namespace {

std::string seconds(double value)
{
  return fmt::format("{:.6f}", value);
}

// Simulated over predicted, as a factor: "x4.47" reads at once where "+3.47e+00" does not.
std::string ratio_text(double simulated, double predicted)
{
  return fmt::format("x{:.3f}", 1.0 + relative_error(simulated, predicted));
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

// Errors often start "scheduler-name: ..."; under a list of names that prefix says nothing.
std::string without_scheduler_prefix(const SchedulerRun& run)
{
  const std::string prefix = run.scheduler + ": ";
  return run.error.rfind(prefix, 0) == 0 ? run.error.substr(prefix.size()) : run.error;
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

bool has_figures(const SchedulerRun& run)
{
  return run.status == "ok";
}

// "key:value (user)" or "(hbcast)"; SimGrid's own defaults stay bare.
std::vector<std::string> annotated_network_config(const SimulationReport& report)
{
  std::vector<std::string> entries;
  for (const auto& entry : report.network_config) {
    const auto origin = report.network_config_origin.find(entry.substr(0, entry.find(':')));
    entries.push_back(origin == report.network_config_origin.end() ? entry : entry + " (" + origin->second + ")");
  }
  return entries;
}

// `lead` then "degree=2 m=4" (--param), or nothing.
std::string parameters_text(const SimulationReport& report, const char* lead)
{
  if (report.scheduler_parameters.empty())
    return "";
  std::vector<std::string> parts;
  for (const auto& [name, value] : report.scheduler_parameters)
    parts.push_back(fmt::format("{}={:g}", name, value));
  return fmt::format("{}{}", lead, fmt::join(parts, " "));
}

// The options that change results and have no line of their own.
void write_options_lines(std::ostream& out, const SimulationReport& report)
{
  out << fmt::format("options   schedulers see the {} model; root: {}{}{}\n", report.scheduler_model,
                     report.root_choice.empty() ? "first host" : report.root_choice, parameters_text(report, "; parameters "),
                     report.platform_graph == "direct" ? "; platform graph: direct links only" : "");
  if (!report.send_overhead_rule.empty())
    out << fmt::format("multi-port send overhead from: {}\n", report.send_overhead_rule);
  out << fmt::format("limits    {} (--budget), {} per part (--timeout)\n",
                     report.budget_seconds > 0.0 ? fmt::format("run budget {:g} s", report.budget_seconds) : "no run budget",
                     report.timeout_seconds > 0.0 ? fmt::format("{:g} s", report.timeout_seconds) : "no limit");
}

void write_header(std::ostream& out, const SimulationReport& report)
{
  if (report.host_count > 0)
    out << fmt::format("platform  {} ({} hosts), root {}\n", report.platform, report.host_count, report.root);
  else
    out << fmt::format("platform  {}, root {}\n", report.platform, report.root);
  out << fmt::format("message   {}", format_size(report.message_bytes));
  if (report.slices_auto)
    out << fmt::format(", slices auto (each tree's K minimises its predicted makespan, K <= {})", report.max_slices);
  else if (report.slices > 1)
    out << fmt::format(" in {} slices of {}", report.slices, format_size(report.slice_bytes));
  else
    out << " (atomic)";
  out << fmt::format(", {}\n", report.port);
  if (report.network_config.empty())
    out << fmt::format("mode      {}\n", report.mode);
  else
    out << fmt::format("mode      {} ({})\n", report.mode, fmt::join(annotated_network_config(report), ", "));
  write_options_lines(out, report);
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

// The contention section, for the runs that were analysed (atomic broadcasts).
void write_contention(std::ostream& out, const SimulationReport& report)
{
  std::vector<SchedulerContention> analysed;
  for (const auto& run : report.runs)
    if (run.contention)
      analysed.push_back({run.scheduler, &*run.contention});
  if (!analysed.empty())
    write_contention_section(out, analysed);
}

std::string worst_link_columns(const SchedulerRun& run)
{
  if (!run.contention)
    return ",,";
  if (run.contention->worst.empty())
    return "0,,";
  const auto& worst = run.contention->worst.front();
  return fmt::format("{},{},{:.17g}", run.contention->oversubscribed_links, csv_field(worst.name), worst.peak_ratio);
}


// Runs within a relative 1e-9 of the best value (ties are all marked).
std::vector<bool> best_runs(const SimulationReport& report, double (*value)(const SchedulerRun&), bool smallest)
{
  std::vector<bool> best(report.runs.size(), false);
  std::optional<double> target;
  for (const auto& run : report.runs)
    if (has_figures(run))
      target = !target ? value(run) : smallest ? std::min(*target, value(run)) : std::max(*target, value(run));
  for (std::size_t k = 0; target && k < report.runs.size(); ++k)
    best[k] = has_figures(report.runs[k]) && std::abs(value(report.runs[k]) - *target) <= 1e-9 * std::abs(*target);
  return best;
}

double simulated_makespan(const SchedulerRun& run)
{
  return run.simulated.makespan;
}

double simulated_throughput(const SchedulerRun& run)
{
  return run.simulated.throughput.value_or(0.0);
}

// One line under a table naming the winners.
void write_winner_line(std::ostream& out, const SimulationReport& report, const std::vector<bool>& best,
                       const std::string& what, const std::string& value)
{
  std::vector<std::string> names;
  for (std::size_t k = 0; k < best.size(); ++k)
    if (best[k])
      names.push_back(report.runs[k].scheduler);
  if (!names.empty())
    out << fmt::format("{}: {} ({})\n", what, fmt::join(names, ", "), value);
}

// The latest node's lateness and host; float noise (below 1e-9 of the makespan) names no host.
std::vector<std::string> lateness_cells(const SchedulerRun& run)
{
  if (run.lateness <= 1e-9 * run.pairwise.makespan)
    return {seconds(0.0), "-"};
  return {fmt::format("{:+.6f}", run.lateness), run.latest_host};
}

std::size_t slices_of(const SimulationReport& report, const SchedulerRun& run)
{
  return run.slices > 0 ? run.slices : report.slices;
}

std::string port_of(const SimulationReport& report, const SchedulerRun& run)
{
  return run.port.empty() ? report.port : run.port;
}

// Whether some run chose its own slice count or port model (--slices auto, best): the table then
// gives each run's.
bool runs_choose_their_plans(const SimulationReport& report)
{
  return report.slices_auto || std::any_of(report.runs.begin(), report.runs.end(), [&](const SchedulerRun& run) {
           return has_figures(run) && (slices_of(report, run) != report.slices || port_of(report, run) != report.port);
         });
}

void write_makespan_table(std::ostream& out, const SimulationReport& report)
{
  const bool multicast = !report.members.empty();
  const bool own_plans = runs_choose_their_plans(report);
  std::vector<std::string> columns{"scheduler",     "own model",  "own (s)",         "pairwise (s)",
                                   "simulated (s)", "sim vs own", "sim vs pairwise", "late (s)",
                                   "latest node"};
  if (own_plans)
    columns.insert(columns.begin() + 1, {"slices", "port"});
  if (multicast)
    columns.insert(columns.end(), {"multicast method", "recruits"});
  columns.push_back("");
  const auto fastest = best_runs(report, simulated_makespan, true);
  const std::vector<std::string> overall = overall_winners(report);
  const auto overall_mark = [&](const std::string& name) {
    return std::find(overall.begin(), overall.end(), name) != overall.end() ? "<- fastest overall" : "";
  };
  TextTable makespans(columns);
  for (std::size_t k = 0; k < report.runs.size(); ++k) {
    const auto& run = report.runs[k];
    if (!has_figures(run)) {
      std::vector<std::string> row(columns.size(), "-");
      row[0] = run.scheduler;
      row[1] = "(" + run.status + ", below)";
      if (run.predicted_only) {  // the tree's predictions, made before its replay stopped
        row[1] = with_optimality(run);
        row[2] = seconds(run.own.makespan);
        row[3] = seconds(run.pairwise.makespan);
        row[4] = "(" + run.status + ", below)";
      }
      row.back() = "";
      makespans.add_row(row);
      continue;
    }
    std::vector<std::string> row{run.scheduler,
                                 with_optimality(run),
                                 seconds(run.own.makespan),
                                 seconds(run.pairwise.makespan),
                                 seconds(run.simulated.makespan),
                                 ratio_text(run.simulated.makespan, run.own.makespan),
                                 ratio_text(run.simulated.makespan, run.pairwise.makespan)};
    if (own_plans)
      row.insert(row.begin() + 1, {std::to_string(slices_of(report, run)), port_of(report, run)});
    const auto late = lateness_cells(run);
    row.insert(row.end(), late.begin(), late.end());
    if (multicast)
      row.insert(row.end(), {run.multicast_method, std::to_string(run.recruited.size())});
    row.push_back(fastest[k] ? "<- fastest" : "");
    makespans.add_row(row);
  }
  for (const auto& baseline : report.mpi_baselines) {  // SMPI's own MPI_Bcast algorithms: no prediction
    std::vector<std::string> row(columns.size(), "-");
    row[0] = "mpi:" + baseline.algorithm;
    const std::size_t shift = own_plans ? 2 : 0;  // the slices and port columns
    row[1 + shift] = baseline.simulated ? "SMPI MPI_Bcast (no prediction)" : "SMPI " + baseline.status + ": " + baseline.error;
    row[4 + shift] = baseline.simulated ? seconds(*baseline.simulated) : "-";
    row.back() = overall_mark("mpi:" + baseline.algorithm);
    makespans.add_row(row);
  }
  out << "Makespan (sim vs: simulated / predicted; late: the largest simulated - predicted time a node "
         "holds the message, at the latest node)\n";
  makespans.print(out);
  const auto winner = std::find(fastest.begin(), fastest.end(), true) - fastest.begin();
  if (winner < static_cast<std::ptrdiff_t>(fastest.size()))
    write_winner_line(out, report, fastest, "fastest simulated",
                      seconds(report.runs[static_cast<std::size_t>(winner)].simulated.makespan) + " s");
  if (!report.mpi_baselines.empty() && !overall.empty()) {
    const bool mpi_ran = std::any_of(report.mpi_baselines.begin(), report.mpi_baselines.end(),
                                     [](const MpiBaseline& baseline) { return baseline.simulated.has_value(); });
    out << fmt::format("overall winner{}: {} ({})\n", overall.size() > 1 ? "s (tied)" : "", fmt::join(overall, ", "),
                       mpi_ran ? "mpi: rows are SMPI's own MPI_Bcast algorithms, timed in SMPI with its exact-mode "
                                 "settings from the moment every rank is ready, whole message"
                               : "no MPI algorithm gave a time: the comparison with MPI is missing");
  }
}

std::string optional_seconds(const std::optional<double>& value)
{
  return value ? seconds(*value) : "-";
}

void write_steady_state_table(std::ostream& out, const SimulationReport& report)
{
  // A run of one slice has no simulated period (its replay delivers one slice, no steady state):
  // its row shows the predictions only and it takes no part in the highest throughput.
  auto highest = best_runs(report, simulated_throughput, false);
  for (std::size_t k = 0; k < report.runs.size(); ++k)
    highest[k] = highest[k] && report.runs[k].simulated.period.has_value();
  TextTable steady({"scheduler", "period own (s)", "pairwise (s)", "simulated (s)", "observed (s)", "sim vs pairwise",
                    "throughput own (MB/s)", "pairwise (MB/s)", "simulated (MB/s)", ""});
  for (std::size_t k = 0; k < report.runs.size(); ++k) {
    const auto& run = report.runs[k];
    if (run.predicted_only && run.pairwise.period) {
      steady.add_row({run.scheduler, optional_seconds(run.own.period), optional_seconds(run.pairwise.period),
                      "(" + run.status + ")", "-", "-", rate(run.own.throughput), rate(run.pairwise.throughput), "-",
                      ""});
      continue;
    }
    if (!has_figures(run) || !run.pairwise.period)
      continue;
    const auto& simulated = run.simulated.period;
    steady.add_row({run.scheduler, seconds(*run.own.period), seconds(*run.pairwise.period),
                    simulated ? seconds(*simulated) : "- (1 slice)", optional_seconds(run.observed_period),
                    simulated ? ratio_text(*simulated, *run.pairwise.period) : "-", rate(run.own.throughput),
                    rate(run.pairwise.throughput), simulated ? rate(run.simulated.throughput) : "-",
                    highest[k] ? "<- highest throughput" : ""});
  }
  out << "\nSteady state (period per slice; simulated = the period formula on the mean measured transfer "
         "durations; observed = mean inter-arrival of slices at the last node, past its first slice)\n";
  steady.print(out);
  const auto winner = std::find(highest.begin(), highest.end(), true) - highest.begin();
  if (winner < static_cast<std::ptrdiff_t>(highest.size()))
    write_winner_line(out, report, highest, "highest simulated throughput",
                      rate(report.runs[static_cast<std::size_t>(winner)].simulated.throughput) + " MB/s");
}

// The recorded options, the lateness and the observed period, after the makespan and period columns.
std::string extra_csv_header()
{
  return ",model,root_choice,scheduler_parameters,network_config,send_overhead_rule,lateness,latest_host,"
         "observed_period,link_makespan,link_period,link_exact,period_bottleneck";
}

// The prediction with the links: makespan, period, whether exact, what sets the period.
std::string link_csv_fields(const SchedulerRun& run)
{
  if (!run.link)
    return ",,,";
  return fmt::format("{:.17g},{},{},{}", run.link->makespan, csv_number(run.link->period),
                     run.link->exact ? "true" : "false", csv_field(run.link->bottleneck));
}

std::string extra_csv_fields(const SimulationReport& report, const SchedulerRun& run)
{
  return fmt::format(",{},{},{},{},{},{:.17g},{},{},{}", report.scheduler_model, csv_field(report.root_choice),
                     csv_field(parameters_text(report, "")),
                     csv_field(fmt::format("{}", fmt::join(annotated_network_config(report), "; "))),
                     csv_field(report.send_overhead_rule), run.lateness, csv_field(run.latest_host),
                     csv_number(run.observed_period), link_csv_fields(run));
}

// The schedulers of the table that gave no figures, with why.
void write_runs_without_figures(std::ostream& out, const std::vector<SchedulerRun>& runs)
{
  for (const bool predicted : {true, false}) {
    const auto listed = [&](const SchedulerRun& run) { return !has_figures(run) && run.predicted_only == predicted; };
    if (std::none_of(runs.begin(), runs.end(), listed))
      continue;
    TextTable table({"scheduler", "status", "reason"});
    for (const auto& run : runs)
      if (listed(run))
        table.add_row({run.scheduler, run.status, without_scheduler_prefix(run)});
    out << (predicted ? "\nPredicted, not replayed (the predictions are in the table above)\n" : "\nNo figures\n");
    table.print(out);
  }
}

// One row; a run without figures leaves their cells empty and says why in status and error.
void write_csv_row(std::ostream& out, const SimulationReport& report, const SchedulerRun& run)
{
  const std::size_t slices = slices_of(report, run);
  out << fmt::format("{},{},{},{},{},{:.17g},{},{:.17g},{},{},", csv_field(run.scheduler), csv_field(run.own_model),
                     csv_field(report.platform), report.host_count, csv_field(report.root), report.message_bytes,
                     slices, slices == report.slices ? report.slice_bytes : slice_size(report.message_bytes, slices),
                     port_of(report, run), csv_field(report.mode));
  if (has_figures(run)) {
    out << fmt::format("{:.17g},{:.17g},{:.17g},{:.6e},{:.6e},", run.own.makespan, run.pairwise.makespan,
                       run.simulated.makespan, relative_error(run.simulated.makespan, run.own.makespan),
                       relative_error(run.simulated.makespan, run.pairwise.makespan));
    out << fmt::format("{},{},{},{},{},{},{},{:.3f},{},", csv_number(run.own.period), csv_number(run.pairwise.period),
                       csv_number(run.simulated.period), csv_number(run.own.throughput),
                       csv_number(run.pairwise.throughput), csv_number(run.simulated.throughput), run.transfers,
                       run.wall_seconds, run.optimality);
    out << fmt::format("{},{},{},{}", report.members.size(), run.multicast_method, run.recruited.size(),
                       worst_link_columns(run));
    out << extra_csv_fields(report, run);
  } else if (run.predicted_only) {  // the predictions, no simulated figure
    out << fmt::format("{:.17g},{:.17g},,,,", run.own.makespan, run.pairwise.makespan);
    out << fmt::format("{},{},,{},{},,,{:.3f},{},", csv_number(run.own.period), csv_number(run.pairwise.period),
                       csv_number(run.own.throughput), csv_number(run.pairwise.throughput), run.wall_seconds,
                       run.optimality);
    out << fmt::format("{},,,{}", report.members.size(), worst_link_columns(run));
    out << fmt::format(",{},{},{},{},{},,,", report.scheduler_model, csv_field(report.root_choice),
                       csv_field(parameters_text(report, "")),
                       csv_field(fmt::format("{}", fmt::join(annotated_network_config(report), "; "))),
                       csv_field(report.send_overhead_rule));
    out << "," << link_csv_fields(run);
  } else {
    out << fmt::format(",,,,,,,,,,,,{:.3f},,{},,,,,", run.wall_seconds, report.members.size());
    out << fmt::format(",{},{},{},{},{},,,", report.scheduler_model, csv_field(report.root_choice),
                       csv_field(parameters_text(report, "")),
                       csv_field(fmt::format("{}", fmt::join(annotated_network_config(report), "; "))),
                       csv_field(report.send_overhead_rule));
    out << ",,,,";
  }
  out << fmt::format(",{},{}\n", run.status, csv_field(run.error));
}

}  // namespace

// hbcast's figure against MPI: the deployed plan's SMPI time when it ran there, else its replay.
std::pair<double, std::string> deployed_time(const SimulationReport& report, const SchedulerRun& deployed)
{
  if (report.deployed_smpi)
    return {*report.deployed_smpi, "libhbcast_mpi in SMPI"};
  return {deployed.simulated.makespan, "hbcast's replay"};
}

// The deployed plan against the best MPI algorithm and against what each MPI library's default
// selector picks (SMPI's mpich, ompi, impi and mvapich2): what a user gets without tuning.
void write_mpi_comparison(std::ostream& out, const SimulationReport& report)
{
  const SchedulerRun* deployed = deployed_run(report);
  const MpiBaseline* fastest = fastest_mpi_baseline(report);
  if (deployed == nullptr || fastest == nullptr)
    return;
  const auto [hbcast, source] = deployed_time(report, *deployed);
  TextTable table({"MPI_Bcast in SMPI", "algorithm", "simulated (s)", "hbcast / it"});
  table.add_row({"fastest algorithm", "mpi:" + fastest->algorithm, seconds(*fastest->simulated),
                 fmt::format("{:.3f}", hbcast / *fastest->simulated)});
  const std::vector<std::pair<std::string, std::string>> selectors = {
      {"mpich", "MPICH's default"}, {"ompi", "Open MPI's default"}, {"impi", "Intel MPI's default"},
      {"mvapich2", "MVAPICH2's default"}};
  for (const auto& [algorithm, what] : selectors)
    for (const auto& baseline : report.mpi_baselines)
      if (baseline.algorithm == algorithm)
        table.add_row({what, "mpi:" + algorithm, baseline.simulated ? seconds(*baseline.simulated) : "-",
                       baseline.simulated ? fmt::format("{:.3f}", hbcast / *baseline.simulated) : baseline.status});
  out << fmt::format("\nAgainst MPI (hbcast: {} {:.6f} s, {})\n", deployed->scheduler, hbcast, source);
  table.print(out);
}

// One line: what to deploy, its simulated time, its margin over the best MPI algorithm, the plan file.
void write_deployment_verdict(std::ostream& out, const SimulationReport& report)
{
  const SchedulerRun* deployed = deployed_run(report);
  if (deployed == nullptr)
    return;
  const std::size_t slices = slices_of(report, *deployed);
  std::string what = deployed->best ? fmt::format("best's choice {}", deployed->best->scheduler) : deployed->scheduler;
  what += fmt::format(", {} slice{}, {}", slices, slices == 1 ? "" : "s", port_of(report, *deployed));
  std::string line = fmt::format("\ndeploy    {}: {:.6f} s simulated", what, deployed->simulated.makespan);
  if (const MpiBaseline* fastest = fastest_mpi_baseline(report)) {
    const auto [hbcast, source] = deployed_time(report, *deployed);
    line += fmt::format("; {:.3f} x the best MPI algorithm (mpi:{}, {:.6f} s; hbcast {:.6f} s, {})",
                        hbcast / *fastest->simulated, fastest->algorithm, *fastest->simulated, hbcast, source);
  } else if (!report.mpi_baselines.empty()) {
    line += "; no MPI algorithm gave a time";
  }
  if (!report.deployed_plan_file.empty())
    line += "; plan " + report.deployed_plan_file;
  out << line << "\n";
}

void write_report_table(std::ostream& out, const SimulationReport& report)
{
  write_header(out, report);
  write_makespan_table(out, report);
  write_runs_without_figures(out, report.runs);
  write_contention(out, report);
  if (std::any_of(report.runs.begin(), report.runs.end(), [](const SchedulerRun& run) {
        return (has_figures(run) || run.predicted_only) && run.pairwise.period;
      }))
    write_steady_state_table(out, report);
  write_multi_tree_section(out, report);
  write_mpi_comparison(out, report);
  write_deployment_verdict(out, report);
}

void write_report_csv(std::ostream& out, const SimulationReport& report)
{
  out << "scheduler,own_model,platform,hosts,root,message_bytes,slices,slice_bytes,port,mode,"
         "own_makespan,pairwise_makespan,simulated_makespan,error_vs_own,error_vs_pairwise,"
         "own_period,pairwise_period,simulated_period,own_throughput,pairwise_throughput,simulated_throughput,"
         "transfers,wall_seconds,optimality,members,multicast_method,recruited,oversubscribed_links,worst_link,"
         "worst_link_ratio"
      << extra_csv_header() << ",status,error\n";
  for (const auto& run : report.runs)
    write_csv_row(out, report, run);
  for (const auto& run : report.skipped)
    write_csv_row(out, report, run);
  // MPI baselines: a simulated makespan only (no prediction, no steady state), the whole message.
  for (const auto& baseline : report.mpi_baselines) {
    std::vector<std::string> fields(44);
    fields[0] = csv_field("mpi:" + baseline.algorithm);
    fields[1] = csv_field(baseline.simulated ? "SMPI MPI_Bcast" : "SMPI " + baseline.status + ": " + baseline.error);
    fields[2] = csv_field(report.platform);
    fields[3] = std::to_string(report.host_count);
    fields[4] = csv_field(report.root);
    fields[5] = fields[7] = fmt::format("{:.17g}", report.message_bytes);
    fields[6] = "1";
    fields[9] = "SMPI";
    fields[12] = csv_number(baseline.simulated);
    fields[42] = baseline.status;
    fields[43] = csv_field(baseline.error);
    out << fmt::format("{}\n", fmt::join(fields, ","));
  }
}

void write_report_json(std::ostream& out, const SimulationReport& report)
{
  out << nlohmann::json(report).dump(2) << '\n';
}

}  // namespace hbcast::cli
