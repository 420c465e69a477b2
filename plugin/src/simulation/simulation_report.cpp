#include <hbcast/simulation/simulation_report.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

namespace hbcast::cli {
namespace {

std::optional<double> optional_number(const nlohmann::json& json, const char* key)
{
  if (!json.contains(key) || json.at(key).is_null())
    return std::nullopt;
  return json.at(key).get<double>();
}

nlohmann::json skipped_json(const std::vector<SchedulerRun>& skipped)
{
  nlohmann::json list = nlohmann::json::array();
  for (const auto& run : skipped)
    list.push_back({{"scheduler", run.scheduler}, {"reason", run.error}});
  return list;
}

std::vector<SchedulerRun> skipped_from_json(const nlohmann::json& json)
{
  std::vector<SchedulerRun> skipped;
  if (json.contains("skipped"))
    for (const auto& entry : json.at("skipped"))
      skipped.push_back(run_without_figures(entry.at("scheduler").get<std::string>(), "skipped",
                                            entry.at("reason").get<std::string>()));
  return skipped;
}

}  // namespace

SchedulerRun run_without_figures(const std::string& scheduler, const std::string& status, const std::string& error)
{
  SchedulerRun run;
  run.scheduler = scheduler;
  run.status = status;
  run.error = error.substr(0, error.find('\n'));
  return run;
}

bool SimulationReport::complete() const
{
  return std::all_of(runs.begin(), runs.end(), [](const SchedulerRun& run) { return run.status == "ok"; });
}

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
  if (run.status != "ok") {  // no figures: status and reason, and the predictions when they were made
    json = {{"scheduler", run.scheduler}, {"status", run.status}, {"error", run.error}};
    if (run.predicted_only) {
      json["own_model"] = run.own_model;
      json["own"] = run.own;
      json["pairwise"] = run.pairwise;
      if (!run.optimality.empty())
        json["optimality"] = run.optimality;
      if (run.contention)
        json["contention"] = *run.contention;
    }
    return;
  }
  json = {{"status", run.status}, {"scheduler", run.scheduler}, {"own_model", run.own_model},   {"own", run.own},
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
  json["lateness"] = {{"seconds", run.lateness}, {"host", run.latest_host}};
  if (run.observed_period)
    json["simulated"]["observed_period"] = *run.observed_period;
  if (!run.replay_driver.empty())
    json["replay_driver"] = run.replay_driver;
  if (!run.children.empty()) {
    json["tree"] = run.children;
    json["ready_times"] = run.ready_times;
    if (!run.replayed_times.empty())
      json["replayed_times"] = run.replayed_times;
    if (!run.send_starts.empty())
      json["send_starts"] = run.send_starts;
    if (run.slice_period > 0.0)
      json["slice_period"] = run.slice_period;
  }
  if (!run.plan_weights.empty()) {
    json["plan"] = {{"trees", run.plan_weights.size()}, {"weights", run.plan_weights},
                    {"steady_state_optimum", finite_or_null(run.steady_state_optimum)},
                    {"extraction_seconds", run.extraction_seconds}};
    if (!run.plan_children.empty())
      json["plan"]["children"] = run.plan_children;
    if (!run.plan_form.empty())
      json["plan"]["form"] = run.plan_form;
    if (run.best_own_tree_makespan)
      json["plan"]["best_own_tree_makespan"] = finite_or_null(run.best_own_tree_makespan);
    if (run.plan_form == "capped") {
      json["plan"]["round_slices"] = run.plan_form_slices;
      json["plan"]["receives_posted"] = run.plan_receives_posted;
    }
    if (run.plan_form == "periodic") {
      json["plan"]["period_slices"] = run.plan_form_slices;
      nlohmann::json slots = nlohmann::json::array();
      for (const auto& slot : run.plan_schedule.slots) {
        nlohmann::json pieces = nlohmann::json::array();
        for (const auto& piece : slot)
          pieces.push_back({piece.tree, piece.from, piece.to, piece.first, piece.last, piece.delay});
        slots.push_back(std::move(pieces));
      }
      json["plan"]["slots"] = std::move(slots);
      if (!run.plan_schedule.slot_seconds.empty())
        json["plan"]["slot_seconds"] = run.plan_schedule.slot_seconds;
      if (!run.plan_schedule.lags.empty())
        json["plan"]["lags"] = run.plan_schedule.lags;
    }
  }
  if (run.slices > 0)
    json["slices"] = run.slices;
  if (!run.port.empty())
    json["port"] = run.port;
  if (run.best)
    json["best"] = *run.best;
  if (run.contention)
    json["contention"] = *run.contention;
  if (run.link) {
    json["link_prediction"] = {{"makespan", run.link->makespan},
                               {"period", finite_or_null(run.link->period)},
                               {"exact", run.link->exact}};
    if (!run.link->bottleneck.empty())
      json["link_prediction"]["bottleneck"] = run.link->bottleneck;
  }
  if (!run.gantt.empty())
    json["transfers_timed"] = run.gantt;
}

void from_json(const nlohmann::json& json, SchedulerRun& run)
{
  run.scheduler = json.at("scheduler").get<std::string>();
  run.status = json.value("status", std::string("ok"));
  run.error = json.value("error", std::string());
  if (run.status != "ok") {
    run.predicted_only = json.contains("pairwise");
    if (run.predicted_only) {
      run.own_model = json.at("own_model").get<std::string>();
      run.own = json.at("own").get<Figures>();
      run.pairwise = json.at("pairwise").get<Figures>();
      run.optimality = json.value("optimality", std::string());
      if (json.contains("contention"))
        run.contention = json.at("contention").get<ContentionSummary>();
    }
    return;
  }
  run.own_model = json.at("own_model").get<std::string>();
  run.own = json.at("own").get<Figures>();
  run.pairwise = json.at("pairwise").get<Figures>();
  run.simulated = json.at("simulated").get<Figures>();
  run.transfers = json.at("transfers").get<std::size_t>();
  run.wall_seconds = json.at("wall_seconds").get<double>();
  run.optimality = json.value("optimality", std::string());
  run.multicast_method = json.value("multicast_method", std::string());
  run.recruited = json.value("recruited", std::vector<std::string>{});
  if (json.contains("lateness")) {
    run.lateness = json.at("lateness").at("seconds").get<double>();
    run.latest_host = json.at("lateness").at("host").get<std::string>();
  }
  run.observed_period = optional_number(json.at("simulated"), "observed_period");
  run.replay_driver = json.value("replay_driver", std::string());
  if (json.contains("tree")) {
    run.children = json.at("tree").get<std::vector<std::vector<NodeId>>>();
    run.ready_times = json.at("ready_times").get<std::vector<double>>();
    run.replayed_times = json.value("replayed_times", std::vector<double>{});
    run.send_starts = json.value("send_starts", std::vector<double>{});
    run.slice_period = json.value("slice_period", 0.0);
  }
  if (json.contains("plan")) {
    const auto& plan = json.at("plan");
    run.plan_weights = plan.at("weights").get<std::vector<double>>();
    run.steady_state_optimum = optional_number(plan, "steady_state_optimum");
    run.extraction_seconds = plan.at("extraction_seconds").get<double>();
    run.plan_children = plan.value("children", std::vector<std::vector<std::vector<NodeId>>>{});
    run.plan_form = plan.value("form", std::string());
    run.best_own_tree_makespan = optional_number(plan, "best_own_tree_makespan");
    run.plan_form_slices = plan.value("round_slices", plan.value("period_slices", std::size_t{0}));
    run.plan_receives_posted = plan.value("receives_posted", std::size_t{2});
    run.plan_schedule.period_slices = std::max<std::size_t>(1, run.plan_form_slices);
    for (const auto& slot : plan.value("slots", nlohmann::json::array())) {
      run.plan_schedule.slots.emplace_back();
      for (const auto& piece : slot)
        run.plan_schedule.slots.back().push_back({piece.at(0).get<std::size_t>(), piece.at(1).get<NodeId>(),
                                                  piece.at(2).get<NodeId>(), piece.at(3).get<double>(),
                                                  piece.at(4).get<double>(),
                                                  piece.size() > 5 ? piece.at(5).get<double>() : 0.0});
    }
    run.plan_schedule.slot_seconds = plan.value("slot_seconds", std::vector<double>{});
    run.plan_schedule.lags = plan.value("lags", std::vector<std::vector<std::size_t>>{});
  }
  run.slices = json.value("slices", std::size_t{0});
  run.port = json.value("port", std::string());
  if (json.contains("best"))
    run.best = json.at("best").get<BestChoice>();
  if (json.contains("contention"))
    run.contention = json.at("contention").get<ContentionSummary>();
  if (json.contains("link_prediction")) {
    const auto& link = json.at("link_prediction");
    run.link = LinkFigures{link.at("makespan").get<double>(), optional_number(link, "period"),
                           link.at("exact").get<bool>(), link.value("bottleneck", std::string())};
  }
  if (json.contains("transfers_timed"))
    run.gantt = json.at("transfers_timed").get<std::vector<GanttBar>>();
}

void to_json(nlohmann::json& json, const BestChoice& choice)
{
  json = {{"scheduler", choice.scheduler},
          {"port", choice.port},
          {"slices", choice.slices},
          {"predicted", choice.predicted},
          {"candidates", choice.candidates},
          {"replayed", choice.replayed},
          {"predictor", choice.predictor},
          {"not_applicable", choice.not_applicable}};
  if (!choice.runner_up.empty())
    json["runner_up"] = {{"scheduler", choice.runner_up},
                         {"port", choice.runner_up_port},
                         {"slices", choice.runner_up_slices},
                         {"predicted", choice.runner_up_predicted},
                         {"margin", choice.margin},
                         {"margin_basis", choice.margin_basis}};
  if (!choice.smpi_finalists.empty()) {
    json["smpi_finalists"] = nlohmann::json::array();
    for (const auto& [plan, seconds] : choice.smpi_finalists)
      json["smpi_finalists"].push_back({{"plan", plan}, {"smpi", seconds}});
  }
}

void from_json(const nlohmann::json& json, BestChoice& choice)
{
  choice.scheduler = json.at("scheduler").get<std::string>();
  choice.port = json.at("port").get<std::string>();
  choice.slices = json.at("slices").get<std::size_t>();
  choice.predicted = json.at("predicted").get<double>();
  choice.candidates = json.value("candidates", std::size_t{0});
  choice.replayed = json.value("replayed", std::size_t{0});
  choice.predictor = json.value("predictor", std::string());
  choice.not_applicable = json.value("not_applicable", std::vector<std::string>{});
  if (json.contains("runner_up")) {
    const auto& runner_up = json.at("runner_up");
    choice.runner_up = runner_up.at("scheduler").get<std::string>();
    choice.runner_up_port = runner_up.at("port").get<std::string>();
    choice.runner_up_slices = runner_up.at("slices").get<std::size_t>();
    choice.runner_up_predicted = runner_up.at("predicted").get<double>();
    const auto& margin = runner_up.at("margin");  // null: infinite (JSON has no infinity)
    choice.margin = margin.is_null() ? std::numeric_limits<double>::infinity() : margin.get<double>();
    choice.margin_basis = runner_up.value("margin_basis", std::string("predicted"));
  }
  if (json.contains("smpi_finalists"))
    for (const auto& finalist : json.at("smpi_finalists"))
      choice.smpi_finalists.emplace_back(finalist.at("plan").get<std::string>(), finalist.at("smpi").get<double>());
}

void to_json(nlohmann::json& json, const MpiBaseline& baseline)
{
  json = {{"algorithm", baseline.algorithm},
          {"status", baseline.status},
          {"simulated", finite_or_null(baseline.simulated)}};
  if (!baseline.error.empty())
    json["error"] = baseline.error;
}

void from_json(const nlohmann::json& json, MpiBaseline& baseline)
{
  baseline.algorithm = json.at("algorithm").get<std::string>();
  baseline.simulated = optional_number(json, "simulated");
  baseline.error = json.value("error", std::string());
  baseline.status = json.value("status", std::string(baseline.simulated ? "ok" : "failed"));
}

const SchedulerRun* deployed_run(const SimulationReport& report)
{
  const SchedulerRun* fastest = nullptr;
  for (const auto& run : report.runs)
    if (run.status == "ok" && (fastest == nullptr || run.simulated.makespan < fastest->simulated.makespan))
      fastest = &run;
  if (fastest == nullptr)
    return nullptr;
  for (const auto& run : report.runs)
    if (run.status == "ok" && run.best &&
        run.simulated.makespan - fastest->simulated.makespan <= 1e-9 * fastest->simulated.makespan)
      return &run;
  return fastest;
}

const MpiBaseline* fastest_mpi_baseline(const SimulationReport& report)
{
  const MpiBaseline* fastest = nullptr;
  for (const auto& baseline : report.mpi_baselines)
    if (baseline.simulated && (fastest == nullptr || *baseline.simulated < *fastest->simulated))
      fastest = &baseline;
  return fastest;
}

std::vector<std::string> overall_winners(const SimulationReport& report)
{
  std::vector<std::pair<std::string, double>> makespans;
  for (const auto& run : report.runs)
    if (run.status == "ok")  // a failed or timed-out scheduler has no makespan
      makespans.emplace_back(run.scheduler, run.simulated.makespan);
  for (const auto& baseline : report.mpi_baselines)
    if (baseline.simulated)
      makespans.emplace_back("mpi:" + baseline.algorithm, *baseline.simulated);
  std::vector<std::string> winners;
  if (makespans.empty())
    return winners;
  double best = makespans.front().second;
  for (const auto& entry : makespans)
    best = std::min(best, entry.second);
  for (const auto& [name, makespan] : makespans)
    if (makespan - best <= 1e-9 * std::abs(best))
      winners.push_back(name);
  return winners;
}

std::string overall_winner(const SimulationReport& report)
{
  std::string joined;
  for (const auto& name : overall_winners(report))
    joined += (joined.empty() ? "" : ", ") + name;
  return joined;
}

void to_json(nlohmann::json& json, const SimulationReport& report)
{
  json = {{"platform", report.platform},
          {"hosts", report.host_count},
          {"root", report.root},
          {"message_bytes", report.message_bytes},
          {"slices", report.slices},
          {"slice_bytes", report.slice_bytes},
          {"slices_auto", report.slices_auto},
          {"port", report.port},
          {"mode", report.mode},
          {"network_config", report.network_config},
          {"network_config_origin", report.network_config_origin},
          {"model", report.scheduler_model},
          {"root_choice", report.root_choice},
          {"platform_graph", report.platform_graph},
          {"scheduler_parameters", report.scheduler_parameters},
          {"timeout_seconds", report.timeout_seconds},
          {"budget_seconds", report.budget_seconds},
          {"runs", report.runs},
          {"has_platform_graph", report.has_platform_graph},
          {"skipped", skipped_json(report.skipped)}};
  if (!report.best_finalists.empty())
    json["best_finalists"] = report.best_finalists;
  if (!report.host_names.empty())
    json["host_names"] = report.host_names;
  if (!report.send_gaps.empty())
    json["send_gaps"] = report.send_gaps;
  if (!report.members.empty()) {
    json["members"] = report.members;
    json["member_selection"] = report.member_selection;
  }
  if (!report.send_overhead_rule.empty())
    json["send_overhead_rule"] = report.send_overhead_rule;
  if (report.lp_throughput)
    json["lp_throughput"] = finite_or_null(report.lp_throughput);
  if (report.slices_auto)
    json["max_slices"] = report.max_slices;
  if (!report.mpi_baselines.empty()) {
    json["mpi_baselines"] = report.mpi_baselines;
    json["winner"] = overall_winner(report);
    if (report.deployed_smpi)
      json["deployed_smpi"] = *report.deployed_smpi;
    else if (!report.deployed_smpi_error.empty())
      json["deployed_smpi_error"] = report.deployed_smpi_error;
  }
  if (const SchedulerRun* deployed = deployed_run(report)) {
    json["deploy"] = {{"scheduler", deployed->scheduler},
                      {"slices", deployed->slices > 0 ? deployed->slices : report.slices},
                      {"port", deployed->port.empty() ? report.port : deployed->port},
                      {"simulated", deployed->simulated.makespan}};
    if (deployed->best)
      json["deploy"]["plan"] = deployed->best->scheduler;
    if (!report.deployed_plan_file.empty())
      json["deploy"]["plan_file"] = report.deployed_plan_file;
    if (const MpiBaseline* mpi = fastest_mpi_baseline(report)) {
      const double hbcast = report.deployed_smpi.value_or(deployed->simulated.makespan);
      json["deploy"]["best_mpi"] = {{"algorithm", mpi->algorithm}, {"simulated", *mpi->simulated}};
      json["deploy"]["ratio_to_best_mpi"] = hbcast / *mpi->simulated;
    }
  }
}

void from_json(const nlohmann::json& json, SimulationReport& report)
{
  report.platform = json.at("platform").get<std::string>();
  report.host_count = json.at("hosts").get<std::size_t>();
  report.root = json.at("root").get<std::string>();
  report.message_bytes = json.at("message_bytes").get<double>();
  report.slices = json.at("slices").get<std::size_t>();
  report.slice_bytes = json.at("slice_bytes").get<double>();
  report.slices_auto = json.value("slices_auto", false);
  report.max_slices = json.value("max_slices", std::size_t{0});
  report.port = json.at("port").get<std::string>();
  report.mode = json.at("mode").get<std::string>();
  report.network_config = json.at("network_config").get<std::vector<std::string>>();
  report.runs = json.at("runs").get<std::vector<SchedulerRun>>();
  report.best_finalists = json.value("best_finalists", std::vector<SchedulerRun>{});
  report.network_config_origin =
      json.value("network_config_origin", std::map<std::string, std::string>{});
  report.scheduler_model = json.value("model", std::string("pairwise"));
  report.root_choice = json.value("root_choice", std::string());
  report.platform_graph = json.value("platform_graph", std::string("auto"));
  report.scheduler_parameters = json.value("scheduler_parameters", std::map<std::string, double>{});
  report.timeout_seconds = json.value("timeout_seconds", 0.0);
  report.budget_seconds = json.value("budget_seconds", 0.0);
  report.send_overhead_rule = json.value("send_overhead_rule", std::string());
  report.has_platform_graph = json.value("has_platform_graph", false);
  report.skipped = skipped_from_json(json);
  report.members = json.value("members", std::vector<std::string>{});
  report.member_selection = json.value("member_selection", std::string());
  if (json.contains("host_names"))
    report.host_names = json.at("host_names").get<std::vector<std::string>>();
  if (json.contains("send_gaps"))
    report.send_gaps = json.at("send_gaps").get<std::vector<std::array<double, 2>>>();
  report.lp_throughput = optional_number(json, "lp_throughput");
  report.mpi_baselines = json.value("mpi_baselines", std::vector<MpiBaseline>{});
  report.deployed_smpi = optional_number(json, "deployed_smpi");
  report.deployed_smpi_error = json.value("deployed_smpi_error", std::string());
  if (json.contains("deploy"))
    report.deployed_plan_file = json.at("deploy").value("plan_file", std::string());
}

}  // namespace hbcast::cli
