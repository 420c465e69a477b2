#include <hbcast/report/tree_files.hpp>

#include <hbcast/simulation/temporary_platform_file.hpp>

#include <hbcast/simulation/smpi_run.hpp>

#include <hbcast/util/atomic_file.hpp>
#include <hbcast/core/tree_dot.hpp>
#include <hbcast/plan/plan_json.hpp>
#include <hbcast/plan/plan_tree.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <optional>
#include <sstream>

namespace hbcast::cli {
namespace {

NodeId root_of(const SimulationReport& report)
{
  const auto& names = report.host_names;
  return static_cast<NodeId>(std::find(names.begin(), names.end(), report.root) - names.begin());
}

// The run's tree (a multicast's leaves the other hosts out: write_tree_dot skips them).
BroadcastTree tree_of(const SchedulerRun& run, const SimulationReport& report)
{
  BroadcastTree tree(root_of(report), run.children);
  for (NodeId v = 0; v < run.send_starts.size(); ++v)
    if (run.send_starts[v] >= 0.0)
      tree.set_send_start(v, run.send_starts[v]);
  tree.set_slice_period(run.slice_period);
  return tree;
}

}  // namespace

std::string scheduler_file_path(const std::string& path, const std::string& scheduler, bool several)
{
  if (!several)
    return path;
  const auto slash = path.find_last_of('/');
  const auto dot = path.find_last_of('.');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash))
    return path + "." + scheduler;
  return path.substr(0, dot) + "." + scheduler + path.substr(dot);
}

BroadcastPlan plan_of_run(const SimulationReport& report, const SchedulerRun& run)
{
  BroadcastPlan plan;
  plan.scheduler = run.scheduler;
  // Absolute, so that the plan finds its platform from any folder.
  std::error_code error;
  plan.platform = std::filesystem::exists(report.platform, error)
                      ? std::filesystem::absolute(report.platform, error).lexically_normal().string()
                      : report.platform;
  plan.hosts = report.host_names;
  plan.root = report.root;
  plan.message_bytes = report.message_bytes;
  plan.slices = run.slices > 0 ? run.slices : report.slices;  // its own under --slices auto and best
  plan.port = run.port.empty() ? report.port : run.port;
  if (run.plan_children.empty())
    plan.trees = {to_plan_tree(tree_of(run, report), report.host_names)};
  for (std::size_t k = 0; k < run.plan_children.size(); ++k)
    plan.trees.push_back(to_plan_tree(BroadcastTree(root_of(report), run.plan_children[k]), report.host_names,
                                      run.plan_weights[k]));
  if (run.plan_form == "capped" || run.plan_form == "periodic") {
    plan.form = run.plan_form;
    plan.form_slices = run.plan_form_slices;
    plan.receives_posted = run.plan_receives_posted;
    plan.slots = to_plan_slots(run.plan_schedule, report.host_names);
    plan.slot_seconds = run.plan_schedule.slot_seconds;
    plan.lags = to_plan_lags(run.plan_schedule, report.host_names);
  }
  if (plan.port == "multi-port")
    for (std::size_t u = 0; u < report.send_gaps.size() && u < report.host_names.size(); ++u)
      if (report.send_gaps[u][0] > 0.0 || report.send_gaps[u][1] > 0.0)
        plan.send_gaps.push_back({report.host_names[u], report.send_gaps[u][0], report.send_gaps[u][1]});
  plan.predicted_makespan = run.pairwise.makespan;
  plan.simulated_makespan = run.simulated.makespan;
  return plan;
}

void write_dot_files(const SimulationReport& report, const std::string& path, bool several)
{
  for (const auto& run : report.runs) {
    if (run.status != "ok")  // a failed or timed-out scheduler has no tree
      continue;
    std::ostringstream dot;
    write_tree_dot(dot, tree_of(run, report), report.host_names, run.scheduler, run.ready_times);
    write_file_atomically(scheduler_file_path(path, run.scheduler, several), dot.str());
    // A multi-tree plan: each tree too, as FILE[.scheduler].tree<k>.ext, heaviest first.
    for (std::size_t k = 0; k < run.plan_children.size(); ++k) {
      std::ostringstream tree_dot;
      write_tree_dot(tree_dot, BroadcastTree(root_of(report), run.plan_children[k]), report.host_names,
                     fmt::format("{} tree {} (weight {:.6g} slices/s)", run.scheduler, k + 1, run.plan_weights[k]));
      const std::string scheduler_path = scheduler_file_path(path, run.scheduler, several);
      write_file_atomically(scheduler_file_path(scheduler_path, fmt::format("tree{}", k + 1), true), tree_dot.str());
    }
  }
}

void write_plan_files(const SimulationReport& report, const std::string& path, bool several)
{
  for (const auto& run : report.runs)
    if (run.status == "ok")
      write_file_atomically(scheduler_file_path(path, run.scheduler, several),
                          plan_to_json(plan_of_run(report, run)));
}

double run_plan_in_smpi(const SimulationReport& report, const SchedulerRun& run, const std::string& platform,
                        const std::vector<std::string>& config, const std::function<bool()>& stop)
{
  const TemporaryPlatformFile plan(plan_to_json(plan_of_run(report, run)), "hbcast-plan");
  return run_smpi_timing(
      {platform, report.host_names, config, {"--plan", plan.path(), "--bytes", fmt::format("{:.0f}", report.message_bytes)},
       stop});
}

namespace {

// "chain, 48 slices, one-port"
std::string finalist_label(const SchedulerRun& run)
{
  return fmt::format("{}, {} slice{}, {}", run.best->scheduler, run.best->slices, run.best->slices == 1 ? "" : "s",
                     run.best->port);
}

}  // namespace

double deploy_in_smpi(SimulationReport& report, const std::string& platform, const std::vector<std::string>& config,
                      const std::function<bool()>& stop)
{
  const SchedulerRun* deployed = deployed_run(report);
  if (deployed == nullptr)
    throw std::runtime_error("no run to deploy");
  std::vector<SchedulerRun> finalists = std::move(report.best_finalists);
  report.best_finalists.clear();
  if (!deployed->best || finalists.size() < 2)
    return run_plan_in_smpi(report, *deployed, platform, config, stop);
  std::vector<std::pair<std::string, double>> times;
  std::size_t fastest = 0;
  for (std::size_t f = 0; f < finalists.size(); ++f) {
    times.emplace_back(finalist_label(finalists[f]), run_plan_in_smpi(report, finalists[f], platform, config, stop));
    if (times[f].second < times[fastest].second)
      fastest = f;
  }
  SchedulerRun chosen = std::move(finalists[fastest]);
  BestChoice& choice = *chosen.best;
  const BestChoice& replayed = *deployed->best;  // the replays' ranking, whose counts hold
  choice.replayed = replayed.replayed;
  choice.candidates = replayed.candidates;
  std::optional<std::size_t> second;
  for (std::size_t f = 0; f < times.size(); ++f)
    if (f != fastest && (!second || times[f].second < times[*second].second))
      second = f;
  const BestChoice& runner_up = *finalists[*second].best;
  choice.runner_up = runner_up.scheduler;
  choice.runner_up_port = runner_up.port;
  choice.runner_up_slices = runner_up.slices;
  choice.runner_up_predicted = runner_up.predicted;
  choice.margin = times[*second].second / times[fastest].second - 1.0;
  choice.margin_basis = "SMPI";
  choice.smpi_finalists = times;
  chosen.own_model = fmt::format("best of {} plans, fastest of {} in SMPI: {}; runner-up {} {:+.1f}% (SMPI)",
                                 choice.candidates, times.size(), times[fastest].first, times[*second].first,
                                 100.0 * choice.margin);
  chosen.wall_seconds = deployed->wall_seconds;
  for (auto& run : report.runs)
    if (&run == deployed)
      run = std::move(chosen);
  return times[fastest].second;
}

}  // namespace hbcast::cli
