#include <hbcast/cli/simulate_command.hpp>

#include <hbcast/cli/atomic_file.hpp>
#include <hbcast/cli/isolated_run.hpp>
#include <hbcast/cli/report_format.hpp>
#include <hbcast/core/tree_dot.hpp>
#include <hbcast/sched/scheduler_registry.hpp>

#include <fmt/format.h>

#include <ostream>
#include <sstream>
#include <unistd.h>

namespace hbcast::cli {
namespace {

std::vector<std::string> expand_schedulers(const std::vector<std::string>& requested)
{
  std::vector<std::string> names;
  for (const auto& name : requested) {
    if (name == "all") {
      for (const auto& scheduler : scheduler_registry())
        names.push_back(scheduler.name);
    } else if (find_scheduler(name) == nullptr) {
      throw std::invalid_argument("unknown scheduler '" + name + "' (see 'hbcast schedulers')");
    } else {
      names.push_back(name);
    }
  }
  return names;
}

// tree.dot -> tree.fnf.dot when several trees are written.
std::string dot_path_for(const std::string& path, const std::string& scheduler, bool several)
{
  if (!several)
    return path;
  const auto slash = path.find_last_of('/');
  const auto dot = path.find_last_of('.');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash))
    return path + "." + scheduler;
  return path.substr(0, dot) + "." + scheduler + path.substr(dot);
}

BroadcastTree tree_of(const SchedulerRun& run)
{
  std::vector<bool> has_parent(run.children.size(), false);
  for (const auto& children : run.children)
    for (NodeId child : children)
      has_parent[child] = true;
  NodeId root = 0;
  while (root < has_parent.size() && has_parent[root])
    ++root;
  BroadcastTree tree(run.children.size(), root);
  for (NodeId u = 0; u < run.children.size(); ++u)
    for (NodeId child : run.children[u])
      tree.add_child(u, child);
  return tree;
}

void write_dot_files(const SimulationReport& report, const std::string& path)
{
  for (const auto& run : report.runs) {
    std::ostringstream dot;
    write_tree_dot(dot, tree_of(run), report.host_names, run.scheduler, run.ready_times);
    write_file_atomically(dot_path_for(path, run.scheduler, report.runs.size() > 1), dot.str());
  }
}

class Progress {
public:
  Progress(std::ostream& err, std::size_t total) : err_(err), total_(total), enabled_(isatty(STDERR_FILENO) != 0) {}
  void step(std::size_t done, const std::string& what)
  {
    if (enabled_)
      err_ << fmt::format("\r\033[K[{}/{}] {}", done, total_, what) << std::flush;
  }
  ~Progress()
  {
    if (enabled_)
      err_ << "\r\033[K" << std::flush;
  }

private:
  std::ostream& err_;
  std::size_t total_;
  bool enabled_;
};

SimulationReport run_all(const SimulateOptions& options, const std::vector<std::string>& schedulers,
                         std::ostream& err)
{
  SimulationReport report;
  Progress progress(err, schedulers.size());
  for (std::size_t k = 0; k < schedulers.size(); ++k) {
    progress.step(k, "simulating " + schedulers[k]);
    auto outcome = run_isolated(
        [&] { return nlohmann::json(simulate_scheduler(options, schedulers[k])).dump(); }, options.timeout_seconds);
    if (!outcome.ok)
      throw std::runtime_error(outcome.error);
    err << outcome.child_stderr;
    auto part = nlohmann::json::parse(outcome.payload).get<SimulationReport>();
    if (k == 0)
      report = std::move(part);
    else
      report.runs.push_back(std::move(part.runs.front()));
  }
  return report;
}

}  // namespace

int run_simulate(const SimulateOptions& options, std::ostream& out, std::ostream& err)
{
  try {
    auto schedulers = expand_schedulers(options.schedulers);
    SimulateOptions effective = options;
    effective.keep_trees = !options.dot_path.empty();
    SimulationReport report = run_all(effective, schedulers, err);
    if (!options.dot_path.empty())
      write_dot_files(report, options.dot_path);
    if (options.format == "csv")
      write_report_csv(out, report);
    else if (options.format == "json")
      write_report_json(out, report);
    else
      write_report_table(out, report);
    return 0;
  } catch (const std::exception& error) {
    err << "hbcast: error: " << error.what() << '\n';
    return 2;
  }
}

}  // namespace hbcast::cli
