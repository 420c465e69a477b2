#include <hbcast/cli/simulate_command.hpp>

#include <hbcast/cli/commands.hpp>
#include <hbcast/core/tree_dot.hpp>
#include <hbcast/report/progress_line.hpp>
#include <hbcast/report/report_format.hpp>
#include <hbcast/sched/scheduler_registry.hpp>
#include <hbcast/simulation/isolated_run.hpp>
#include <hbcast/simulation/scheduler_simulation.hpp>
#include <hbcast/simulation/sender_only_source.hpp>
#include <hbcast/util/atomic_file.hpp>
#include <hbcast/util/size_parser.hpp>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <ostream>
#include <sstream>

namespace hbcast::cli {
namespace {

// A requested scheduler; `optional` ones came from "all" and are skipped where they do not apply.
struct RequestedScheduler {
  std::string name;
  bool optional = false;
};

std::vector<RequestedScheduler> expand_schedulers(const std::vector<std::string>& requested)
{
  std::vector<RequestedScheduler> names;
  for (const auto& name : requested) {
    if (name == "all") {
      for (const auto& scheduler : scheduler_registry())
        names.push_back({scheduler.name, true});
    } else if (find_scheduler(name) == nullptr) {
      throw std::invalid_argument("unknown scheduler '" + name + "' (see 'hbcast schedulers')");
    } else {
      names.push_back({name, false});
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

// The run's tree (a multicast's leaves the other hosts out: write_tree_dot skips them).
BroadcastTree tree_of(const SchedulerRun& run, const SimulationReport& report)
{
  const auto& names = report.host_names;
  const auto root = static_cast<NodeId>(std::find(names.begin(), names.end(), report.root) - names.begin());
  return BroadcastTree(root, run.children);
}

void write_dot_files(const SimulationReport& report, const std::string& path)
{
  for (const auto& run : report.runs) {
    std::ostringstream dot;
    write_tree_dot(dot, tree_of(run, report), report.host_names, run.scheduler, run.ready_times);
    write_file_atomically(dot_path_for(path, run.scheduler, report.runs.size() > 1), dot.str());
  }
}

// The route-based schedulers come first in the registry, so the first run tells whether the
// platform has the direct links the topology-aware ones need.
SimulationReport run_all(const SimulateOptions& options, const std::vector<RequestedScheduler>& schedulers,
                         std::ostream& err)
{
  SimulationReport report;
  ProgressLine progress(err, schedulers.size());
  bool first = true;
  for (std::size_t k = 0; k < schedulers.size(); ++k) {
    const std::string& name = schedulers[k].name;
    if (!first && schedulers[k].optional && !report.has_platform_graph && find_scheduler(name)->needs_platform_graph) {
      report.skipped.push_back(name);
      continue;
    }
    progress.update(k, "simulating " + name);
    auto outcome = run_isolated(
        [&] { return nlohmann::json(simulate_scheduler(options, name)).dump(); }, options.timeout_seconds);
    if (!outcome.ok)
      throw std::runtime_error(outcome.error);
    err << outcome.child_stderr;
    auto part = nlohmann::json::parse(outcome.payload).get<SimulationReport>();
    if (first)
      report = std::move(part);
    else
      report.runs.push_back(std::move(part.runs.front()));
    first = false;
  }
  return report;
}

}  // namespace

int run_simulate(const SimulateOptions& options, std::ostream& out, std::ostream& err)
{
  auto schedulers = expand_schedulers(options.schedulers);
  SimulateOptions effective = options;
  effective.keep_trees = !options.dot_path.empty();
  if (options.model != "pairwise" && options.model != "sender-only")
    throw std::invalid_argument("unknown model '" + options.model + "' (pairwise or sender-only)");
  const auto times = requested_sender_only_times(options);
  std::optional<TemporaryPlatformFile> star;
  if (times) {
    star.emplace(*times, options.message_bytes);
    effective.platform = star->path();
    effective.model = "sender-only";
    effective.instance_description = describe_sender_only_source(options, *times);
  }
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
}

void add_simulate_command(CLI::App& app, CommandContext& context)
{
  auto options = std::make_shared<SimulateOptions>();
  auto* command = app.add_subcommand("simulate", "build broadcast trees, predict them and replay them in SimGrid");
  command->add_option("platform", options->platform,
                      "SimGrid platform XML (default: the shipped GRID5000-like grid5000_88.xml)");
  command->add_option("--root", options->root,
                      "host that broadcasts (default: the first host declared; 'fastest': the host of smallest "
                      "sender-only time t_u, the any-source setting of seed 000)");
  command->add_option("-s,--scheduler", options->schedulers, "scheduler name(s), comma-separated, or 'all'")
      ->delimiter(',');
  command->add_option("--size", options->size, "message size, e.g. 4MiB, 1e6, 512KiB (default 4MiB)");
  command->add_option("--slices", options->slices, "cut the message into K slices and pipeline them (default 1)")
      ->check(CLI::PositiveNumber);
  command->add_option("--port", options->port, "port model: one (bidirectional one-port) or multi (default one)")
      ->check(CLI::IsMember({"one", "multi", "one-port", "multi-port"}));
  command->add_option("--format", options->format, "output: table, csv or json (default table)")
      ->check(CLI::IsMember({"table", "csv", "json"}));
  command->add_option("--dot", options->dot_path,
                      "write each tree as Graphviz DOT (FILE, or FILE with the scheduler name inserted when "
                      "there are several)");
  command->add_option("--cfg", options->simgrid_config,
                      "SimGrid option key:value, passed through (e.g. --cfg=network/model:LV08); by default "
                      "network/model:CM02, network/crosstraffic:0, network/TCP-gamma:1e30 (exact mode)");
  command->add_option("--log", options->simgrid_log,
                      "SimGrid log setting, passed through (e.g. --log=hbcast.thres:verbose)");
  command->add_option("--timeout", options->timeout_seconds, "wall-clock limit per scheduler in seconds (default none)")
      ->check(CLI::NonNegativeNumber);
  command->add_option("--model", options->model,
                      "cost model the schedulers see: pairwise (T_uv of the platform) or sender-only (t_u, "
                      "seed 000); predictions under the platform's pairwise model are reported either way")
      ->check(CLI::IsMember({"pairwise", "sender-only"}));
  command->add_option("--times", options->times,
                      "sender-only instance: transmission times in seconds, comma-separated (replaces the "
                      "platform: a star realizing them exactly is generated)")
      ->delimiter(',');
  command->add_option("--classes", options->classes, "sender-only instance: speed classes value:count,... (e.g. 1:4,2:3,3:5)");
  command->add_option("--random-times", options->random_processors,
                      "sender-only instance: N processors drawn from --class-values or --time-range with --seed")
      ->check(CLI::PositiveNumber);
  command->add_option("--class-values", options->class_values, "classes --random-times draws from uniformly, e.g. 1,2,3")
      ->delimiter(',');
  command->add_option("--time-range", options->time_range, "LO,HI: --random-times draws times uniformly in [LO, HI)")
      ->delimiter(',');
  command->add_option("--seed", options->seed, "seed of --random-times (recorded in the output; default 1)")
      ->check(CLI::NonNegativeNumber);
  command->add_option("--members", options->members,
                      "multicast to these hosts (names or 0-based indices, comma-separated) instead of a "
                      "broadcast: fnf, optimal and ptas run their multicast algorithms (seed 001, section 4), "
                      "the other schedulers prune their broadcast tree to the members")
      ->delimiter(',');
  command->add_option("--member-fraction", options->member_fraction,
                      "multicast to a fraction F in (0, 1] of the other hosts, drawn with --member-seed");
  command->add_option("--member-seed", options->member_seed, "seed of --member-fraction (recorded; default 1)")
      ->check(CLI::NonNegativeNumber);
  command->callback([options, &context] {
    run_reporting_errors(context, [&] {
      options->message_bytes = parse_size(options->size);
      return run_simulate(*options, context.out, context.err);
    });
  });
}

}  // namespace hbcast::cli
