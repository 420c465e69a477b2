#include <hbcast/report/tree_files.hpp>

#include <hbcast/simulation/temporary_platform_file.hpp>

#include <hbcast/simulation/smpi_run.hpp>

#include <hbcast/util/atomic_file.hpp>
#include <hbcast/core/tree_dot.hpp>
#include <hbcast/plan/plan_json.hpp>
#include <hbcast/plan/plan_tree.hpp>

#include <fmt/format.h>

#include <algorithm>
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
  plan.platform = report.platform;
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
  plan.predicted_makespan = run.pairwise.makespan;
  plan.simulated_makespan = run.simulated.makespan;
  return plan;
}

void write_dot_files(const SimulationReport& report, const std::string& path)
{
  for (const auto& run : report.runs) {
    if (run.status != "ok")  // a failed or timed-out scheduler has no tree
      continue;
    std::ostringstream dot;
    write_tree_dot(dot, tree_of(run, report), report.host_names, run.scheduler, run.ready_times);
    write_file_atomically(scheduler_file_path(path, run.scheduler, report.runs.size() > 1), dot.str());
    // A multi-tree plan: each tree too, as FILE[.scheduler].tree<k>.ext, heaviest first.
    for (std::size_t k = 0; k < run.plan_children.size(); ++k) {
      std::ostringstream tree_dot;
      write_tree_dot(tree_dot, BroadcastTree(root_of(report), run.plan_children[k]), report.host_names,
                     fmt::format("{} tree {} (weight {:.6g} slices/s)", run.scheduler, k + 1, run.plan_weights[k]));
      const std::string scheduler_path = scheduler_file_path(path, run.scheduler, report.runs.size() > 1);
      write_file_atomically(scheduler_file_path(scheduler_path, fmt::format("tree{}", k + 1), true), tree_dot.str());
    }
  }
}

void write_plan_files(const SimulationReport& report, const std::string& path)
{
  for (const auto& run : report.runs)
    if (run.status == "ok")
      write_file_atomically(scheduler_file_path(path, run.scheduler, report.runs.size() > 1),
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

}  // namespace hbcast::cli
