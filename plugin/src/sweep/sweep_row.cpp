#include <hbcast/sweep/sweep_row.hpp>

#include <hbcast/report/results_table.hpp>
#include <hbcast/util/json_nesting.hpp>
#include <hbcast/util/number_parsing.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace hbcast::cli {
namespace {

// Exact mode's agreement between a replay and a prediction that holds (relative).
constexpr double kExactAgreement = 1e-9;

std::string platform_label(const Scenario& scenario)
{
  return scenario.platform.file.empty() ? "generator:" + scenario.platform.generator : scenario.platform.file;
}

std::string simgrid_label(const std::vector<std::string>& simgrid)
{
  if (simgrid.empty())
    return "default";
  std::string label;
  for (const auto& entry : simgrid)
    label += (label.empty() ? "" : ";") + entry;
  return label;
}

}  // namespace

SweepRow point_columns(const Scenario& scenario, const SweepPoint& point)
{
  SweepRow row;
  row["point"] = point.id;
  row["scenario"] = scenario.name;
  row["fingerprint"] = scenario.fingerprint;
  row["platform"] = platform_label(scenario);
  for (const auto& [key, values] : scenario.platform.parameters)
    row[key] = point.generator_parameters.at(key);
  row["scheduler"] = point.scheduler;
  row["message_bytes"] = point.message_bytes;
  row["slices"] = is_mpi_baseline(point) ? nlohmann::ordered_json(nullptr)
                  : point.slices == 0       ? nlohmann::ordered_json("auto")
                                            : nlohmann::ordered_json(point.slices);
  row["port"] = point.port;
  row["member_fraction"] = point.member_fraction;
  row["simgrid"] = simgrid_label(point.simgrid);
  row["repetition"] = point.repetition;
  row["seed"] = point.seed;
  return row;
}

namespace {

const char* const kResultColumns[] = {"root",          "hosts",
                                      "mode",          "own_model", "optimality",
                                      "own_makespan",  "pairwise_makespan",
                                      "simulated_makespan", "error_vs_own",
                                      "error_vs_pairwise", "period_error_vs_pairwise",
                                      "own_period",
                                      "pairwise_period", "simulated_period",
                                      "own_throughput", "pairwise_throughput",
                                      "simulated_throughput", "lp_throughput",
                                      "throughput_ratio", "simulated_throughput_ratio",
                                      "members", "multicast_method", "recruited",
                                      "observed_period", "lateness", "latest_host", "oversubscribed_links", "worst_link",
                                      "worst_link_ratio", "replay_congested_links", "contention_disagreements",
                                      "link_makespan", "link_period", "link_exact", "error_vs_link", "silent_deviation",
                                      "plan_trees", "extraction_seconds", "plan_form", "plan_form_slices",
                                      "plan_vs_own_tree",
                                      "run_slices", "run_port", "best_plan", "smpi_makespan",
                                      "status", "error"};

// Columns present only when the scenario asks for the steady-state LP bound.
bool is_lp_column(const std::string& column)
{
  return column == "lp_throughput" || column == "throughput_ratio" || column == "simulated_throughput_ratio";
}

// Columns present only when the scenario asks for the link contention analysis.
bool is_contention_column(const std::string& column)
{
  return column == "oversubscribed_links" || column == "worst_link" || column == "worst_link_ratio" ||
         column == "replay_congested_links" || column == "contention_disagreements" || column == "link_makespan" ||
         column == "link_period" || column == "link_exact" || column == "error_vs_link" || column == "silent_deviation";
}

// Columns present only when runs choose their own plans (slices auto, the best scheduler): the
// slice count and port model each used, best's choice, and best's plan run in SMPI beside MPI's.
bool is_plan_column(const std::string& column)
{
  return column == "run_slices" || column == "run_port" || column == "best_plan" || column == "smpi_makespan";
}

bool chooses_plans(const Scenario& scenario)
{
  return std::find(scenario.slices.begin(), scenario.slices.end(), 0) != scenario.slices.end() ||
         std::find(scenario.schedulers.begin(), scenario.schedulers.end(), "best") != scenario.schedulers.end();
}

// Whether `column` belongs in this scenario's rows.
bool has_column(const Scenario& scenario, const std::string& column)
{
  return (scenario.lp_bound || !is_lp_column(column)) && (scenario.link_contention || !is_contention_column(column)) &&
         (chooses_plans(scenario) || !is_plan_column(column));
}

std::string csv_cell(const nlohmann::ordered_json& value)
{
  if (value.is_null())
    return "";
  if (value.is_number_float())
    return fmt::format("{:.17g}", value.get<double>());
  if (value.is_number())
    return value.dump();
  return csv_field(value.get<std::string>());
}

// The observed period and the latest node, as `simulate` reports them.
void add_observation_columns(SweepRow& row, const SchedulerRun& run)
{
  row["observed_period"] = finite_or_null<nlohmann::ordered_json>(run.observed_period);
  row["lateness"] = run.lateness;
  row["latest_host"] = run.latest_host;
}

}  // namespace

SweepRow completed_row(const Scenario& scenario, const SweepPoint& point, const SimulationReport& report)
{
  const SchedulerRun& run = report.runs.at(0);
  if (run.status != "ok")
    return failed_row(scenario, point, run.status, run.error);
  SweepRow row = failed_row(scenario, point, "ok", "");  // every column in place, in kResultColumns' order
  row["root"] = report.root;
  row["hosts"] = report.host_count;
  row["mode"] = report.mode;
  row["own_model"] = run.own_model;
  row["optimality"] = run.optimality;
  row["own_makespan"] = run.own.makespan;
  row["pairwise_makespan"] = run.pairwise.makespan;
  row["simulated_makespan"] = run.simulated.makespan;
  row["error_vs_own"] = relative_error(run.simulated.makespan, run.own.makespan);
  row["error_vs_pairwise"] = relative_error(run.simulated.makespan, run.pairwise.makespan);
  row["period_error_vs_pairwise"] =
      run.simulated.period ? nlohmann::ordered_json(relative_error(*run.simulated.period, *run.pairwise.period))
                           : nlohmann::ordered_json(nullptr);
  row["own_period"] = finite_or_null<nlohmann::ordered_json>(run.own.period);
  row["pairwise_period"] = finite_or_null<nlohmann::ordered_json>(run.pairwise.period);
  row["simulated_period"] = finite_or_null<nlohmann::ordered_json>(run.simulated.period);
  row["own_throughput"] = finite_or_null<nlohmann::ordered_json>(run.own.throughput);
  row["pairwise_throughput"] = finite_or_null<nlohmann::ordered_json>(run.pairwise.throughput);
  row["simulated_throughput"] = finite_or_null<nlohmann::ordered_json>(run.simulated.throughput);
  row["members"] = report.members.size();
  row["multicast_method"] = run.multicast_method;
  row["recruited"] = run.recruited.size();
  add_observation_columns(row, run);
  // A multi-tree plan's tree count and the time to extract it (a single tree: 1, null).
  row["plan_trees"] = run.plan_weights.empty() ? std::size_t{1} : run.plan_weights.size();
  row["extraction_seconds"] =
      run.plan_weights.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(run.extraction_seconds);
  if (chooses_plans(scenario)) {
    row["run_slices"] = run.slices > 0 ? run.slices : report.slices;
    row["run_port"] = run.port.empty() ? report.port : run.port;
    if (run.best)
      row["best_plan"] = fmt::format("{}, {} slices, {}", run.best->scheduler, run.best->slices, run.best->port);
  }
  // The executable forms: how the plan ran, its slices per round or period, and its simulated
  // makespan over the predicted makespan of its best tree alone.
  row["plan_form"] = run.plan_form;
  row["plan_form_slices"] = run.plan_form_slices ? nlohmann::ordered_json(run.plan_form_slices) : nlohmann::ordered_json(nullptr);
  row["plan_vs_own_tree"] = run.best_own_tree_makespan && *run.best_own_tree_makespan > 0.0
                                ? nlohmann::ordered_json(run.simulated.makespan / *run.best_own_tree_makespan)
                                : nlohmann::ordered_json(nullptr);
  if (scenario.lp_bound) {
    row["lp_throughput"] = finite_or_null<nlohmann::ordered_json>(report.lp_throughput);
    const bool bounded = report.lp_throughput && std::isfinite(*report.lp_throughput) && run.pairwise.throughput;
    row["throughput_ratio"] = bounded ? nlohmann::ordered_json(*run.pairwise.throughput / *report.lp_throughput)
                                      : nlohmann::ordered_json(nullptr);
    row["simulated_throughput_ratio"] =
        bounded ? nlohmann::ordered_json(*run.simulated.throughput / *report.lp_throughput) : nlohmann::ordered_json(nullptr);
  }
  if (scenario.link_contention) {
    const bool any = run.contention && !run.contention->worst.empty();
    row["oversubscribed_links"] = run.contention ? nlohmann::ordered_json(run.contention->oversubscribed_links)
                                                 : nlohmann::ordered_json(nullptr);
    row["worst_link"] = any ? run.contention->worst.front().name : std::string();
    row["worst_link_ratio"] = any ? nlohmann::ordered_json(run.contention->worst.front().peak_ratio)
                                  : nlohmann::ordered_json(nullptr);
    // The links congested in the replay, and how many the analysis misses or adds.
    const bool compared = run.contention && run.contention->replay;
    row["replay_congested_links"] =
        compared ? nlohmann::ordered_json(run.contention->replay->replay_links) : nlohmann::ordered_json(nullptr);
    row["contention_disagreements"] =
        compared ? nlohmann::ordered_json(run.contention->replay->disagreements()) : nlohmann::ordered_json(nullptr);
    // The prediction with the links, and the replay against it.
    row["link_makespan"] = run.link ? nlohmann::ordered_json(run.link->makespan) : nlohmann::ordered_json(nullptr);
    row["link_period"] = run.link ? finite_or_null<nlohmann::ordered_json>(run.link->period) : nlohmann::ordered_json(nullptr);
    row["link_exact"] = run.link ? nlohmann::ordered_json(run.link->exact ? 1 : 0) : nlohmann::ordered_json(nullptr);
    row["error_vs_link"] = run.link ? nlohmann::ordered_json(relative_error(run.simulated.makespan, run.link->makespan))
                                    : nlohmann::ordered_json(nullptr);
    // 1: the replay departs from the prediction by more than 1e-9 (exact mode's agreement) and the
    // analysis names no over-subscribed link to explain it.
    if (run.contention) {
      const bool deviates = std::abs(relative_error(run.simulated.makespan, run.pairwise.makespan)) > kExactAgreement;
      row["silent_deviation"] = deviates && run.contention->oversubscribed_links == 0 ? 1 : 0;
    } else {
      row["silent_deviation"] = nullptr;
    }
  }
  return row;
}

SweepRow mpi_baseline_row(const Scenario& scenario, const SweepPoint& point, const std::string& root,
                          std::size_t hosts, double simulated_seconds)
{
  SweepRow row = failed_row(scenario, point, "ok", "");
  row["root"] = root;
  row["hosts"] = hosts;
  row["mode"] = point.simgrid.empty() ? "exact" : "SimGrid-configured";
  row["own_model"] = "SMPI MPI_Bcast (no prediction)";
  row["simulated_makespan"] = simulated_seconds;
  return row;
}

SweepRow failed_row(const Scenario& scenario, const SweepPoint& point, const std::string& status,
                    const std::string& error)
{
  SweepRow row = point_columns(scenario, point);
  for (const char* column : kResultColumns)
    if (has_column(scenario, column))
      row[column] = nullptr;
  row["status"] = status;
  row["error"] = error.substr(0, error.find('\n'));
  return row;
}

RowFormat::RowFormat(std::string name) : name_(std::move(name))
{
  if (name_ != "csv" && name_ != "jsonl")
    throw std::invalid_argument("unknown result format '" + name_ + "' (csv or jsonl)");
}

std::string RowFormat::header(const Scenario& scenario) const
{
  if (name_ == "jsonl")
    return "";
  SweepPoint example;
  example.generator_parameters = {};
  for (const auto& [key, values] : scenario.platform.parameters)
    example.generator_parameters[key] = values.front();
  const SweepRow row = failed_row(scenario, example, "", "");
  std::string header;
  for (const auto& item : row.items())
    header += (header.empty() ? "" : ",") + item.key();
  return header;
}

std::string RowFormat::line(const SweepRow& row) const
{
  if (name_ == "jsonl")
    return row.dump();
  std::string line;
  for (const auto& item : row.items())
    line += (line.empty() ? "" : ",") + csv_cell(item.value());
  return line;
}

std::size_t RowFormat::point_of(const std::string& line) const
{
  try {
    if (name_ == "jsonl") {
      // A whole number that fits: beyond 2^64 - 1 nlohmann reads a double, whose conversion is undefined.
      if (json_nesting_problem(line))
        throw std::invalid_argument("");
      const auto point = nlohmann::json::parse(line).at("point");
      if (!point.is_number_unsigned())
        throw std::invalid_argument("");
      return point.get<std::size_t>();
    }
    const auto comma = line.find(',');
    const auto point = parse_whole_number(std::string_view(line).substr(0, comma));
    if (comma == std::string::npos || !point)
      throw std::invalid_argument("");
    return *point;
  } catch (const std::exception&) {
    throw std::invalid_argument("malformed result line: " + line.substr(0, 60));
  }
}

}  // namespace hbcast::cli
