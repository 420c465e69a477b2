#include <hbcast/report/tree_files.hpp>

#include <hbcast/util/atomic_file.hpp>
#include <hbcast/core/tree_dot.hpp>
#include <hbcast/plan/plan_json.hpp>
#include <hbcast/plan/plan_tree.hpp>

#include <algorithm>
#include <sstream>

namespace hbcast::cli {
namespace {

// The run's tree (a multicast's leaves the other hosts out: write_tree_dot skips them).
BroadcastTree tree_of(const SchedulerRun& run, const SimulationReport& report)
{
  const auto& names = report.host_names;
  const auto root = static_cast<NodeId>(std::find(names.begin(), names.end(), report.root) - names.begin());
  BroadcastTree tree(root, run.children);
  for (NodeId v = 0; v < run.send_starts.size(); ++v)
    if (run.send_starts[v] >= 0.0)
      tree.set_send_start(v, run.send_starts[v]);
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
  plan.slices = report.slices;
  plan.port = report.port;
  plan.trees = {to_plan_tree(tree_of(run, report), report.host_names)};
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
  }
}

void write_plan_files(const SimulationReport& report, const std::string& path)
{
  for (const auto& run : report.runs)
    if (run.status == "ok")
      write_file_atomically(scheduler_file_path(path, run.scheduler, report.runs.size() > 1),
                          plan_to_json(plan_of_run(report, run)));
}

}  // namespace hbcast::cli
