#include <hbcast/cli/simulate_command.hpp>

#include <hbcast/cli/commands.hpp>
#include <hbcast/cli/option_checks.hpp>
#include <hbcast/core/tree_dot.hpp>
#include <hbcast/eval/pipeline_evaluator.hpp>
#include <hbcast/model/port_model.hpp>
#include <hbcast/plan/plan_json.hpp>
#include <hbcast/report/gantt_files.hpp>
#include <hbcast/report/progress_line.hpp>
#include <hbcast/report/report_format.hpp>
#include <hbcast/report/tree_files.hpp>
#include <hbcast/simulation/interruption.hpp>
#include <hbcast/simulation/isolated_run.hpp>
#include <hbcast/simulation/scheduler_in_child.hpp>
#include <hbcast/simulation/mpi_baselines.hpp>
#include <hbcast/simulation/platform_graph_choice.hpp>
#include <hbcast/simulation/sender_only_source.hpp>
#include <hbcast/simulation/slice_limits.hpp>
#include <hbcast/simulation/smpi_run.hpp>
#include <hbcast/simulation/size_factor_config.hpp>
#include <hbcast/util/number_parsing.hpp>
#include <hbcast/util/size_parser.hpp>
#include <hbcast/sched/scheduler_registry.hpp>
#include <hbcast/simulation/isolated_run.hpp>
#include <hbcast/simulation/scheduler_parameters.hpp>
#include <hbcast/simulation/scheduler_simulation.hpp>
#include <hbcast/simulation/simulation_session.hpp>
#include <hbcast/simulation/sender_only_source.hpp>
#include <hbcast/simulation/temporary_platform_file.hpp>
#include <hbcast/util/atomic_file.hpp>
#include <hbcast/util/size_parser.hpp>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <ext/stdio_filebuf.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <optional>
#include <ostream>
#include <sstream>

namespace hbcast::cli {
namespace {

// A requested scheduler; `optional` ones came from "all" and are skipped where they do not apply.
struct RequestedScheduler {
  std::string name;
  bool optional = false;
  bool needs_graph = false;  // a platform graph (SchedulerInfo::needs_platform_graph)
};

std::vector<RequestedScheduler> expand_schedulers(const std::vector<std::string>& requested,
                                                 const std::vector<GivenTree>& given_trees)
{
  std::vector<RequestedScheduler> names;
  for (const auto& name : requested) {
    const auto given = std::find_if(given_trees.begin(), given_trees.end(),
                                    [&](const GivenTree& tree) { return tree.name == name; });
    if (given != given_trees.end()) {
      const SchedulerInfo* own = find_scheduler(given->own_scheduler);
      names.push_back({name, false, own != nullptr && own->needs_platform_graph});
    } else if (name == "all") {
      for (const SchedulerInfo* scheduler : schedulers_of_all())
        names.push_back({scheduler->name, true, scheduler->needs_platform_graph});
    } else if (const SchedulerInfo* scheduler = find_scheduler(name); scheduler == nullptr) {
      throw std::invalid_argument("unknown scheduler '" + name + "' (see 'hbcast schedulers')");
    } else {
      names.push_back({name, false, scheduler->needs_platform_graph});
    }
  }
  return names;
}

// The schedulers that need no platform graph first (they run while its program is solved), then
// the others; each keeps its place in the request.
std::vector<std::size_t> graph_last_order(const std::vector<RequestedScheduler>& schedulers)
{
  std::vector<std::size_t> order(schedulers.size());
  for (std::size_t k = 0; k < order.size(); ++k)
    order[k] = k;
  std::stable_partition(order.begin(), order.end(), [&](std::size_t k) { return !schedulers[k].needs_graph; });
  return order;
}

// Why an optional topology-aware scheduler is skipped, when it is: the platform has no graph.
std::optional<SchedulerRun> skipped_for_want_of_a_graph(const SimulateOptions& options, const RequestedScheduler& scheduler,
                                                      const std::optional<SimulationReport>& header)
{
  const bool routed_graph = options.platform_graph != "direct" && header && header->host_count <= kRoutedGraphHostLimit;
  if (!header || !scheduler.optional || header->has_platform_graph || routed_graph || !scheduler.needs_graph)
    return std::nullopt;
  return run_without_figures(
      scheduler.name, "skipped",
      options.platform_graph == "direct"
          ? std::string("needs direct host-to-host links; this platform has none")
          : fmt::format("needs a platform graph: no direct host-to-host links, and routed ones are built up to "
                        "{} hosts",
                        kRoutedGraphHostLimit));
}

// An optional scheduler (of "all") that does not apply to the platform is listed as skipped, not
// as a failed run: true when `run` was so turned.
bool skipped_if_not_applicable(const RequestedScheduler& scheduler, SchedulerRun& run)
{
  if (!scheduler.optional || run.status != "not-applicable")
    return false;
  run.status = "skipped";
  return true;
}

// One scheduler runs in the process that loaded the platform, which run_all isolates already: a
// child of its own would copy (on write) every page of the platform the replay touches, a tenth of
// the time at 10^6 hosts.
SimulationReport run_alone(SimulationSession& session, const RequestedScheduler& scheduler, ProgressLine& progress)
{
  progress.update(0, "simulating " + scheduler.name);
  SimulationReport report = session.simulate(scheduler.name);
  if (skipped_if_not_applicable(scheduler, report.runs.front())) {
    report.skipped.push_back(std::move(report.runs.front()));
    report.runs.clear();
  }
  return report;
}

// The report: the header of the run first in the request (from the options when none ran), then
// the runs and the skipped schedulers in the requested order.
SimulationReport in_request_order(const SimulateOptions& options, std::optional<SimulationReport> header,
                                  std::vector<std::optional<SchedulerRun>>& runs,
                                  std::vector<std::optional<SchedulerRun>>& skipped)
{
  SimulationReport report;
  if (header)
    report = std::move(*header);
  else
    header_from_options(report, options);
  for (std::size_t k = 0; k < runs.size(); ++k) {
    if (runs[k])
      report.runs.push_back(std::move(*runs[k]));
    if (skipped[k])
      report.skipped.push_back(std::move(*skipped[k]));
  }
  return report;
}

// In the process that holds the session: each scheduler in its own child, which inherits the
// platform and the shared models. The schedulers needing no platform graph run
// first, while the shared graph's program is solved in a child of its own; the first run tells
// whether the platform has direct links or is small enough for a routed graph, which
// the topology-aware ones need.
SimulationReport run_schedulers(const SimulateOptions& options, const std::vector<RequestedScheduler>& schedulers,
                                std::ostream& progress_out, bool show_progress,
                                const std::shared_ptr<SessionPlatform>& loaded)
{
  const auto started = std::chrono::steady_clock::now();
  std::optional<ProgressLine> probing;
  const auto progress_of_probing = [&](std::size_t done, std::size_t total) {
    if (!probing)
      probing.emplace(progress_out, total, show_progress);
    probing->update(done, "probing routes");
  };
  SimulationSession session = loaded ? SimulationSession(loaded, options) : SimulationSession(options, progress_of_probing);
  probing.reset();
  ProgressLine progress(progress_out, schedulers.size(), show_progress);
  if (schedulers.size() == 1 && !loaded)  // on a loaded platform, the caller's process must not replay
    return run_alone(session, schedulers.front(), progress);
  progress.update(0, "building the shared models");
  session.build_shared_models();
  // Each scheduler's timeout covers the shared work it uses, as when its child did it itself.
  const auto shared_work = std::chrono::steady_clock::now() - started;
  auto graph_work = shared_work;
  bool graph_pending = std::count_if(schedulers.begin(), schedulers.end(),
                                     [](const RequestedScheduler& scheduler) { return scheduler.needs_graph; }) > 1;
  if (graph_pending) {
    progress.update(0, "building the platform graph");
    session.start_platform_graph();
  }
  std::optional<SimulationReport> header;  // the report's, from the run first in the request
  std::vector<SchedulerRun> best_finalists;  // best's, whichever run brought them
  std::size_t header_from = schedulers.size();
  std::vector<std::optional<SchedulerRun>> runs(schedulers.size()), skipped(schedulers.size());
  std::size_t done = 0;
  for (std::size_t k : graph_last_order(schedulers)) {
    const auto& [name, optional, needs_graph] = schedulers[k];
    if (needs_graph && graph_pending) {
      progress.update(done, "solving the steady-state program");
      graph_work += std::chrono::duration_cast<std::chrono::steady_clock::duration>(
          std::chrono::duration<double>(session.finish_platform_graph()));
      graph_pending = false;
    }
    if ((skipped[k] = skipped_for_want_of_a_graph(options, schedulers[k], header))) {
      ++done;
      continue;
    }
    progress.update(done++, "simulating " + name);
    std::optional<SimulationReport> run_header;
    SchedulerRun run = run_in_child([&, name = name] { return session.simulate(name); }, options.timeout_seconds,
                                    std::chrono::steady_clock::now() - (needs_graph ? graph_work : shared_work), name,
                                    std::cerr, run_header);
    if (run_header && !run_header->best_finalists.empty())
      best_finalists = std::move(run_header->best_finalists);
    if (run_header && k < header_from) {
      header = std::move(run_header);
      header_from = k;
    }
    if (skipped_if_not_applicable(schedulers[k], run))
      skipped[k] = std::move(run);
    else
      runs[k] = std::move(run);
  }
  SimulationReport report = in_request_order(options, std::move(header), runs, skipped);
  report.best_finalists = std::move(best_finalists);
  return report;
}

// The platform is loaded once, in a child (SimGrid may abort on a bad platform: the input's
// failure, exit 2), which then runs the schedulers; its progress goes straight to the terminal
// when stderr is one.
SimulationReport run_all(const SimulateOptions& options, const std::vector<RequestedScheduler>& schedulers,
                         std::ostream& err)
{
  const int terminal = isatty(STDERR_FILENO) ? dup(STDERR_FILENO) : -1;
  // A lone scheduler runs in this child (run_alone): its time limit and failures are the child's.
  const bool alone = schedulers.size() == 1;
  auto outcome = run_isolated(
      [&] {
        __gnu_cxx::stdio_filebuf<char> terminal_buffer(terminal >= 0 ? terminal : dup(STDERR_FILENO), std::ios::out);
        std::ostream progress_out(&terminal_buffer);
        return nlohmann::json(run_schedulers(options, schedulers, progress_out, terminal >= 0, nullptr)).dump();
      },
      alone ? options.timeout_seconds : 0.0);
  if (terminal >= 0)
    close(terminal);
  if (!outcome.ok && !alone)
    throw std::runtime_error(outcome.error);
  if (!outcome.ok) {
    SimulationReport report;
    header_from_options(report, options);
    report.runs.push_back(run_without_report(outcome, schedulers.front().name));
    return report;
  }
  err << outcome.child_stderr;  // the schedulers' own messages
  return nlohmann::json::parse(outcome.payload).get<SimulationReport>();
}

// Exit status 1 and one line per scheduler or MPI baseline that did not give figures (an MPI
// algorithm SMPI cannot run here is explained in its row, not counted); 128 + the signal when one
// stopped the MPI baselines, whose finished rows were printed.
int report_failures(const SimulationReport& report, std::ostream& err)
{
  for (const auto& run : report.runs)
    if (run.status != "ok")
      err << "hbcast: scheduler '" << run.scheduler << "' " << run.status << ": " << run.error << '\n';
  std::size_t baselines_failed = 0, baselines_interrupted = 0;
  for (const auto& baseline : report.mpi_baselines)
    if (baseline.status == "failed") {
      err << "hbcast: MPI baseline 'mpi:" << baseline.algorithm << "' failed: " << baseline.error << '\n';
      ++baselines_failed;
    } else if (baseline.status == "interrupted") {
      ++baselines_interrupted;
    }
  if (const int signal = pending_interruption()) {
    err << fmt::format("hbcast: interrupted by {}: {} of {} MPI baselines not run (the rows above were finished)\n",
                       signal_name(signal), baselines_interrupted, report.mpi_baselines.size());
    return 128 + signal;
  }
  return report.complete() && baselines_failed == 0 ? 0 : 1;
}

// A request checked before anything runs: the schedulers (and given trees), and the options as
// run (a sender-only instance's generated star in place of the platform).
struct CheckedRequest {
  std::vector<RequestedScheduler> schedulers;
  SimulateOptions effective;
  std::optional<TemporaryPlatformFile> star;
};

void check_given_trees(const SimulateOptions& options)
{
  for (std::size_t k = 0; k < options.given_trees.size(); ++k) {
    const std::string& name = options.given_trees[k].name;
    if (name.empty() || name == "all" || find_scheduler(name) != nullptr)
      throw std::invalid_argument("a given tree cannot be named '" + name + "' (a scheduler's name, 'all' or empty)");
    for (std::size_t j = 0; j < k; ++j)
      if (options.given_trees[j].name == name)
        throw std::invalid_argument("two given trees are named '" + name + "'");
  }
}

void check_request(const SimulateOptions& options, CheckedRequest& request)
{
  check_given_trees(options);
  request.schedulers = expand_schedulers(options.schedulers, options.given_trees);
  if (!options.gantt_path.empty())  // atomic broadcasts only: --slices auto may pipeline
    check_gantt_request(options.gantt_path, options.slices_auto ? 0 : options.slices);
  std::vector<std::string> names;  // a given tree's parameters are its own scheduler's
  for (const auto& scheduler : request.schedulers)
    names.push_back(scheduler.name);
  for (const auto& given : options.given_trees)
    if (!given.own_scheduler.empty())
      names.push_back(given.own_scheduler);
  parse_scheduler_parameters(options.scheduler_parameters, names);  // refused before any run
  request.effective = options;
  request.effective.keep_trees =
      options.keep_trees || !options.dot_path.empty() || !options.plan_path.empty() || options.mpi_baselines;
  request.effective.best_finalists = options.mpi_baselines;  // best deploys the fastest of them in SMPI
  if (options.mpi_baselines && (!options.members.empty() || options.member_fraction))
    throw std::invalid_argument("--mpi-baselines compares broadcasts: it cannot be combined with a multicast");
  if (options.model != "pairwise" && options.model != "sender-only")
    throw std::invalid_argument("unknown model '" + options.model + "' (pairwise or sender-only)");
  check_slice_count(options.message_bytes, options.slices);
  const auto times = requested_sender_only_times(options);
  if (times) {
    request.star.emplace(sender_only_star_xml(*times, options.message_bytes), "hbcast-sender-only");
    request.effective.platform = request.star->path();
    request.effective.model = "sender-only";
    request.effective.instance_description = describe_sender_only_source(options, *times);
  }
}

// The plan a user would deploy, executed by libhbcast_mpi in SMPI with the MPI baselines' settings
// and timing, so that it meets them on equal terms (SMPI's envelope, its protocol, its clock).
void run_deployed_plan_in_smpi(SimulationReport& report, const std::string& platform, const SimulateOptions& options)
{
  const SchedulerRun* deployed = deployed_run(report);
  if (deployed == nullptr || pending_interruption() != 0)
    return;
  try {
    report.deployed_smpi =
        deploy_in_smpi(report, platform, options.simgrid_config, [] { return pending_interruption() != 0; });
  } catch (const std::exception& error) {  // SmpiStopped included: the row above says why
    report.deployed_smpi_error = error.what();
  }
}

// The report of a checked request: the schedulers run (in a child that loads the platform, or
// here on a loaded one), then the MPI baselines.
SimulationReport run_request(const CheckedRequest& request, std::ostream& err,
                             const std::shared_ptr<SessionPlatform>& loaded)
{
  const SimulateOptions& effective = request.effective;
  InterruptionGuard interruption;
  SimulationReport report =
      loaded ? run_schedulers(effective, request.schedulers, err, false, loaded) : run_all(effective, request.schedulers, err);
  if (effective.mpi_baselines) {
    const std::string platform = loaded                        ? loaded->path
                                 : effective.platform.empty() ? default_platform_path()
                                                              : effective.platform;
    report.mpi_baselines = run_mpi_baselines(platform, report.host_names, report.root, effective.message_bytes,
                                             smpi_bcast_algorithms(), effective.simgrid_config);
    run_deployed_plan_in_smpi(report, platform, effective);
  }
  return report;
}

}  // namespace

SimulationReport simulate_report(const SimulateOptions& options, std::ostream& err,
                                 const std::shared_ptr<SessionPlatform>& loaded)
{
  if (loaded && requested_sender_only_times(options))
    throw std::invalid_argument("a sender-only instance (--times, --classes, --random-times) replaces the platform: "
                                "it cannot run on a platform already loaded");
  SimulateOptions on_loaded = options;  // the loaded platform's file, --cfg and --log are the run's
  if (loaded) {
    on_loaded.platform = loaded->path;
    on_loaded.simgrid_config = loaded->simgrid_config;
    on_loaded.simgrid_log = loaded->simgrid_log;
  }
  CheckedRequest request;
  check_request(on_loaded, request);
  return run_request(request, err, loaded);
}

int run_simulate(const SimulateOptions& options, std::ostream& out, std::ostream& err)
{
  CheckedRequest request;
  check_request(options, request);
  const auto& schedulers = request.schedulers;
  for (const auto& scheduler : schedulers)  // before minutes of simulation, not after
    if (!options.dot_path.empty())
      check_output_path(scheduler_file_path(options.dot_path, scheduler.name, schedulers.size() > 1));
  SimulationReport report = run_request(request, err, nullptr);
  if (!options.dot_path.empty())
    write_dot_files(report, options.dot_path);
  if (!options.gantt_path.empty())
    write_gantt_files(report, options.gantt_path);
  if (!options.plan_path.empty()) {
    write_plan_files(report, options.plan_path);
    if (const SchedulerRun* deployed = deployed_run(report))
      report.deployed_plan_file = scheduler_file_path(options.plan_path, deployed->scheduler, report.runs.size() > 1);
  }
  if (options.format == "csv")
    write_report_csv(out, report);
  else if (options.format == "json")
    write_report_json(out, report);
  else
    write_report_table(out, report);
  out.flush();
  return report_failures(report, err);
}

void add_simulate_command(CLI::App& app, CommandContext& context)
{
  auto options = std::make_shared<SimulateOptions>();
  auto* command = app.add_subcommand("simulate", "build broadcast trees, predict them and replay them in SimGrid");
  command->add_option("platform", options->platform,
                      "SimGrid platform XML (default: the shipped GRID5000-like grid5000_88.xml)");
  command->add_option("--root", options->root,
                      "host that broadcasts (default: the first host declared; 'fastest': the host of smallest "
                      "sender-only time t_u, the any-source setting of Liu)");
  as_list(command->add_option("-s,--scheduler", options->schedulers,
                              "scheduler name(s), comma-separated (repeatable), or 'all'"));
  command->add_option("--param", options->scheduler_parameters,
                      "NAME=VALUE: a scheduler parameter, e.g. m=4 (lcf-m), degree=2 (bounded-degree), "
                      "matching=3 (bounded-matching); repeatable; 'hbcast schedulers' lists them")
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  command->add_option("--size", options->size, "message size, e.g. 4MiB, 1e6, 512KiB (default 4MiB)");
  command
      ->add_option_function<std::string>(
          "--slices",
          [options](const std::string& text) {
            options->slices_auto = text == "auto";
            options->slices = options->slices_auto ? 1 : static_cast<std::size_t>(*parse_whole_number(text));
          },
          "cut the message into K slices and pipeline them (default 1; at most one per byte), or 'auto': for each "
          "tree the K minimising its predicted makespan, up to --max-slices")
      ->check(slice_count_or_auto());
  command->add_option("--max-slices", options->max_slices,
                      "the largest slice count --slices auto and the best scheduler consider (default: 1024, and at "
                      "most 4194304 slice transfers in all, (hosts - 1) x K)")
      ->check(whole_number_at_least(1));
  command->add_option("--port", options->port, "port model: one (bidirectional one-port) or multi (default one)")
      ->check(CLI::IsMember({"one", "multi", "one-port", "multi-port"}));
  command->add_option("--format", options->format, "output: table, csv or json (default table)")
      ->check(CLI::IsMember({"table", "csv", "json"}));
  command->add_option("--dot", options->dot_path,
                      "write each tree as Graphviz DOT (FILE, or FILE with the scheduler name inserted when "
                      "there are several)");
  command->add_option("--gantt", options->gantt_path,
                      "draw each replay as a Gantt chart with gnuplot, predicted intervals overlaid (FILE.svg or "
                      "FILE.png, the scheduler name inserted when there are several)");
  command->add_option("--plan", options->plan_path,
                      "write each tree as a plan for libhbcast_mpi (JSON; FILE, or FILE with the scheduler "
                      "name inserted when there are several)");
  auto tree_files = std::make_shared<std::vector<std::string>>();
  command->add_option("--tree", *tree_files,
                      "replay a plan file (written by --plan or by hand) as a row 'tree:NAME', NAME its file name "
                      "without .json, beside the -s schedulers (only the trees when -s is not given), with this "
                      "command's --size, --slices and --port; repeatable")
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  command->add_flag("--mpi-baselines", options->mpi_baselines,
                    "also run SMPI's own MPI_Bcast algorithms (smpirun, exact-mode settings) on the same platform, "
                    "size and root: one row each, simulated time only; the table marks the overall winner");
  as_list(command->add_option("--cfg", options->simgrid_config,
                      "SimGrid option key:value, passed through (e.g. --cfg=network/model:LV08); by default "
                      "network/model:CM02, network/crosstraffic:0, network/TCP-gamma:1e30 (exact mode)"))
      ->delimiter('\0');  // one key:value per --cfg, as SimGrid takes them (values may hold commas)
  auto cfg_files = std::make_shared<std::vector<std::string>>();
  command->add_option("--cfg-file", *cfg_files,
                      "SimGrid options from a file, one --cfg=key:value a line (hbcast calibrate's FILE.cfg; "
                      "smpirun takes the same as $(cat FILE)); SMPI's size factors in it are applied to every link "
                      "at the slice size (repeatable)")
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  as_list(command->add_option("--log", options->simgrid_log,
                              "SimGrid log setting, passed through (e.g. --log=hbcast.thres:verbose)"))
      ->delimiter('\0');
  command->add_option("--timeout", options->timeout_seconds,
                      "wall-clock limit per scheduler in seconds (default 0: none)")
      ->check(number_at_least(0, "a number of seconds"));
  command->add_option("--model", options->model,
                      "cost model the schedulers see: pairwise (T_uv of the platform) or sender-only (t_u, "
                      "Liu); predictions under the platform's pairwise model are reported either way")
      ->check(CLI::IsMember({"pairwise", "sender-only"}));
  command->add_option("--platform-graph", options->platform_graph,
                      "platform graph of Beaumont-Marchal-Robert's heuristics: auto (direct links where they reach every host, "
                      "else host pairs along routes with shared-link capacities) or direct (direct links only, as "
                      "published) (default auto)")
      ->check(CLI::IsMember({"auto", "direct"}));
  as_list(command->add_option("--times", options->times,
                      "sender-only instance: transmission times in seconds, comma-separated (replaces the "
                      "platform: a star realizing them exactly is generated)"))
      ->check(number_above(0, "a time in seconds"));
  command->add_option("--classes", options->classes, "sender-only instance: speed classes value:count,... (e.g. 1:4,2:3,3:5)");
  command->add_option("--random-times", options->random_processors,
                      "sender-only instance: N processors drawn from --class-values or --time-range with --seed")
      ->check(whole_number_at_least(1));
  as_list(command->add_option("--class-values", options->class_values,
                              "classes --random-times draws from uniformly, e.g. 1,2,3"))
      ->check(number_above(0, "a time in seconds"));
  as_list(command->add_option("--time-range", options->time_range,
                              "LO,HI: --random-times draws times uniformly in [LO, HI)"))
      ->check(number_above(0, "a time in seconds"));
  command->add_option("--seed", options->seed, "seed of --random-times (recorded in the output; default 1)")
      ->check(whole_number_at_least(0));
  as_list(command->add_option("--members", options->members,
                      "multicast to these hosts (names or 0-based indices, comma-separated) instead of a "
                      "broadcast: fnf, optimal and ptas run their multicast algorithms (Khuller-Kim-Woeginger, section 4), "
                      "the other schedulers prune their broadcast tree to the members"));
  command->add_option("--member-fraction", options->member_fraction,
                      "multicast to a fraction F in (0, 1] of the other hosts, drawn with --member-seed");
  command->add_option("--member-seed", options->member_seed, "seed of --member-fraction (recorded; default 1)")
      ->check(whole_number_at_least(0));
  command->callback([options, tree_files, cfg_files, command, &context] {
    run_reporting_errors(context, [&] {
      for (const auto& file : *cfg_files) {
        const auto settings = read_cfg_file(file);
        options->simgrid_config.insert(options->simgrid_config.begin(), settings.begin(), settings.end());
      }
      options->message_bytes = parse_size(options->size);
      if (!tree_files->empty() && command->count("--scheduler") == 0)
        options->schedulers.clear();
      for (const auto& path : *tree_files) {
        options->given_trees.push_back(
            {"tree:" + std::filesystem::path(path).stem().string(), load_plan_file(path), ""});
        options->schedulers.push_back(options->given_trees.back().name);
      }
      return run_simulate(*options, context.out, context.err);
    });
  });
}

}  // namespace hbcast::cli
