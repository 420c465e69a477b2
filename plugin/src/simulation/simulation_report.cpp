#include <hbcast/simulation/simulation_report.hpp>

#include <cmath>

namespace hbcast::cli {
namespace {

std::optional<double> optional_number(const nlohmann::json& json, const char* key)
{
  if (!json.contains(key) || json.at(key).is_null())
    return std::nullopt;
  return json.at(key).get<double>();
}

}  // namespace

double relative_error(double simulated, double predicted)
{
  if (predicted == 0.0)
    return simulated == 0.0 ? 0.0 : std::copysign(INFINITY, simulated);
  return (simulated - predicted) / predicted;
}

void to_json(nlohmann::json& json, const Figures& figures)
{
  json = {{"makespan", figures.makespan},
          {"period", finite_or_null(figures.period)},
          {"throughput", finite_or_null(figures.throughput)}};
}

void from_json(const nlohmann::json& json, Figures& figures)
{
  figures.makespan = json.at("makespan").get<double>();
  figures.period = optional_number(json, "period");
  figures.throughput = optional_number(json, "throughput");
}

void to_json(nlohmann::json& json, const SchedulerRun& run)
{
  json = {{"scheduler", run.scheduler}, {"own_model", run.own_model},   {"own", run.own},
          {"pairwise", run.pairwise},   {"simulated", run.simulated},   {"transfers", run.transfers},
          {"wall_seconds", run.wall_seconds}};
  json["relative_error"] = {{"makespan_vs_own", relative_error(run.simulated.makespan, run.own.makespan)},
                            {"makespan_vs_pairwise", relative_error(run.simulated.makespan, run.pairwise.makespan)}};
  if (run.simulated.period && run.pairwise.period) {
    json["relative_error"]["period_vs_own"] = relative_error(*run.simulated.period, *run.own.period);
    json["relative_error"]["period_vs_pairwise"] = relative_error(*run.simulated.period, *run.pairwise.period);
  }
  if (!run.optimality.empty())
    json["optimality"] = run.optimality;
  if (!run.multicast_method.empty()) {
    json["multicast_method"] = run.multicast_method;
    json["recruited"] = run.recruited;
  }
  if (!run.children.empty()) {
    json["tree"] = run.children;
    json["ready_times"] = run.ready_times;
  }
}

void from_json(const nlohmann::json& json, SchedulerRun& run)
{
  run.scheduler = json.at("scheduler").get<std::string>();
  run.own_model = json.at("own_model").get<std::string>();
  run.own = json.at("own").get<Figures>();
  run.pairwise = json.at("pairwise").get<Figures>();
  run.simulated = json.at("simulated").get<Figures>();
  run.transfers = json.at("transfers").get<std::size_t>();
  run.wall_seconds = json.at("wall_seconds").get<double>();
  run.optimality = json.value("optimality", std::string());
  run.multicast_method = json.value("multicast_method", std::string());
  run.recruited = json.value("recruited", std::vector<std::string>{});
  if (json.contains("tree")) {
    run.children = json.at("tree").get<std::vector<std::vector<NodeId>>>();
    run.ready_times = json.at("ready_times").get<std::vector<double>>();
  }
}

void to_json(nlohmann::json& json, const SimulationReport& report)
{
  json = {{"platform", report.platform},
          {"hosts", report.host_count},
          {"root", report.root},
          {"message_bytes", report.message_bytes},
          {"slices", report.slices},
          {"slice_bytes", report.slice_bytes},
          {"port", report.port},
          {"mode", report.mode},
          {"network_config", report.network_config},
          {"runs", report.runs},
          {"has_platform_graph", report.has_platform_graph},
          {"skipped", report.skipped}};
  if (!report.host_names.empty())
    json["host_names"] = report.host_names;
  if (!report.members.empty()) {
    json["members"] = report.members;
    json["member_selection"] = report.member_selection;
  }
  if (report.lp_throughput)
    json["lp_throughput"] = finite_or_null(report.lp_throughput);
}

void from_json(const nlohmann::json& json, SimulationReport& report)
{
  report.platform = json.at("platform").get<std::string>();
  report.host_count = json.at("hosts").get<std::size_t>();
  report.root = json.at("root").get<std::string>();
  report.message_bytes = json.at("message_bytes").get<double>();
  report.slices = json.at("slices").get<std::size_t>();
  report.slice_bytes = json.at("slice_bytes").get<double>();
  report.port = json.at("port").get<std::string>();
  report.mode = json.at("mode").get<std::string>();
  report.network_config = json.at("network_config").get<std::vector<std::string>>();
  report.runs = json.at("runs").get<std::vector<SchedulerRun>>();
  report.has_platform_graph = json.value("has_platform_graph", false);
  report.skipped = json.value("skipped", std::vector<std::string>{});
  report.members = json.value("members", std::vector<std::string>{});
  report.member_selection = json.value("member_selection", std::string());
  if (json.contains("host_names"))
    report.host_names = json.at("host_names").get<std::vector<std::string>>();
  report.lp_throughput = optional_number(json, "lp_throughput");
}

}  // namespace hbcast::cli
