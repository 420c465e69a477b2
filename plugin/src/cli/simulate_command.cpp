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
#include <hbcast/simulation/run_budget.hpp>
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
#include <memory>
#include <optional>
#include <ostream>
#include <sstream>

namespace hbcast::cli {
namespace {

// With several schedulers, a table within a minute by default on any platform: the slow parts get
// "timeout" rows. A lone scheduler has no budget unless asked (the user wants that one result).
constexpr double kDefaultBudgetSeconds = 50.0;
constexpr double kBudgetByDefault = -1.0;

// A requested scheduler; `optional` ones came from "all" and are skipped where they do not apply.
struct RequestedScheduler {
  std::string name;
  bool optional = false;
  bool needs_graph = false;    // a platform graph (SchedulerInfo::needs_platform_graph)
  bool needs_program = false;  // the steady-state program's solution (SchedulerInfo::needs_steady_state)
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
      names.push_back({name, false, own != nullptr && own->needs_platform_graph, own != nullptr && own->needs_steady_state});
    } else if (name == "all") {
      for (const SchedulerInfo* scheduler : schedulers_of_all())
        names.push_back({scheduler->name, true, scheduler->needs_platform_graph, scheduler->needs_steady_state});
    } else if (const SchedulerInfo* scheduler = find_scheduler(name); scheduler == nullptr) {
      throw std::invalid_argument("unknown scheduler '" + name + "' (see 'hbcast schedulers')");
    } else {
      names.push_back({name, false, scheduler->needs_platform_graph, scheduler->needs_steady_state});
    }
  }
  return names;
}

// The schedulers that need no platform graph first, then those that need the graph only, then
// those that need its steady-state program's solution, which is solved in the background
// meanwhile; each keeps its place in the request.
std::vector<std::size_t> graph_last_order(const std::vector<RequestedScheduler>& schedulers)
{
  std::vector<std::size_t> order(schedulers.size());
  for (std::size_t k = 0; k < order.size(); ++k)
    order[k] = k;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    const auto rank = [&](std::size_t k) { return int(schedulers[k].needs_graph) + int(schedulers[k].needs_program); };
    return rank(a) < rank(b);
  });
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
SimulationReport in_request_order(const SimulateOptions& options, const std::optional<SimulationReport>& header,
                                  const std::vector<std::optional<SchedulerRun>>& runs,
                                  const std::vector<std::optional<SchedulerRun>>& skipped)
{
  SimulationReport report;
  if (header)
    report = *header;
  else
    header_from_options(report, options);
  for (std::size_t k = 0; k < runs.size(); ++k) {
    if (runs[k])
      report.runs.push_back(*runs[k]);
    if (skipped[k])
      report.skipped.push_back(*skipped[k]);
  }
  return report;
}

// The rows of the schedulers that need the steady-state program's solution when it did not come:
// its time limit passed ("timeout") or solving it failed.
struct ProgramOutcome {
  bool waited = false;
  std::string status;  // empty: solved
  std::string reason;
  double seconds = 0.0;  // solving it took, when solved
};

ProgramOutcome wait_for_program(SimulationSession& session, const RunBudget& budget,
                                std::chrono::steady_clock::time_point counted_from)
{
  ProgramOutcome outcome{true, "", "", 0.0};
  const auto deadline = budget.shared_deadline(counted_from);
  try {
    if (const auto seconds = session.finish_steady_state(deadline.value_or(std::chrono::steady_clock::time_point::max())))
      outcome.seconds = *seconds;
    else {
      outcome.status = "timeout";
      outcome.reason = "the steady-state program over the routes did not finish " +
                       budget.limit_phrase(budget.budget_binds(counted_from));
    }
  } catch (const std::exception& error) {
    outcome.status = "failed";
    outcome.reason = std::string("the steady-state program: ") + error.what();
  }
  return outcome;
}

// In the process that holds the session: each scheduler in its own child, which inherits the
// platform and the shared models. The schedulers needing no platform graph run first, then those
// needing the graph only, while the graph's steady-state program (wanted by lp-prune and
// lp-grow-tree only) is solved in a child of its own; the first run tells whether the platform
// has direct links or is small enough for a routed graph, which the topology-aware ones need.
// Every part has its time limits (RunBudget), and the report so far is published after each
// scheduler, so that a parent which stops this process keeps every row it finished.
SimulationReport run_schedulers(const SimulateOptions& options, const std::vector<RequestedScheduler>& schedulers,
                                std::ostream& progress_out, bool show_progress,
                                std::chrono::steady_clock::time_point run_start,
                                const std::shared_ptr<SessionPlatform>& loaded)
{
  const RunBudget budget(options.timeout_seconds, options.budget_seconds, run_start);
  const auto started = std::chrono::steady_clock::now();
  std::optional<ProgressLine> probing;
  const auto progress_of_probing = [&](std::size_t done, std::size_t total) {
    if (!probing)
      probing.emplace(progress_out, total, show_progress);
    probing->update(done, "probing routes");
  };
  std::unique_ptr<SimulationSession> opened = loaded ? std::make_unique<SimulationSession>(loaded, options)
                                                     : std::make_unique<SimulationSession>(options, progress_of_probing);
  SimulationSession& session = *opened;
  // Without a platform loaded beforehand this is run_all's child, which exits once its report is
  // out (leave_to_exit); a caller that keeps running frees the session.
  struct LeftToExit {
    std::unique_ptr<SimulationSession>& session;
    bool child;
    ~LeftToExit()
    {
      if (child)
        leave_to_exit(std::move(session));
    }
  } const left_to_exit{opened, loaded == nullptr};
  probing.reset();
  ProgressLine progress(progress_out, schedulers.size(), show_progress);
  if (schedulers.size() == 1 && !loaded)  // on a loaded platform, the caller's process must not replay
    return run_alone(session, schedulers.front(), progress);
  progress.update(0, "building the shared models");
  session.build_shared_models();
  // Each scheduler's timeout covers the shared work it uses, as when its child did it itself.
  const auto shared_work = std::chrono::steady_clock::now() - started;
  auto graph_work = shared_work;
  const auto count = [&](bool RequestedScheduler::*need) {
    return std::count_if(schedulers.begin(), schedulers.end(), [&](const RequestedScheduler& s) { return s.*need; });
  };
  const bool graph_shared = count(&RequestedScheduler::needs_graph) > 1;
  if (graph_shared) {
    progress.update(0, "building the platform graph");
    session.start_platform_graph(count(&RequestedScheduler::needs_program) > 0);
  }
  bool graph_attached = false;
  ProgramOutcome program;
  auto program_work = graph_work;
  // The report's header, from the run first in the request (the session's until one ran).
  std::optional<SimulationReport> header = session.header();
  std::vector<SchedulerRun> best_finalists;  // best's, whichever run brought them
  std::size_t header_from = schedulers.size();
  std::vector<std::optional<SchedulerRun>> runs(schedulers.size()), skipped(schedulers.size());
  const auto publish = [&] { publish_partial_result(nlohmann::json(in_request_order(options, header, runs, skipped)).dump()); };
  publish();  // the platform is loaded: the parent's limit on loading is met
  std::size_t done = 0;
  for (std::size_t k : graph_last_order(schedulers)) {
    const auto& [name, optional, needs_graph, needs_program] = schedulers[k];
    const auto finished = [&] {
      ++done;
      publish();
    };
    const auto seconds = [](double value) {
      return std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(value));
    };
    if (needs_graph && graph_shared && !graph_attached) {
      graph_work += seconds(session.share_platform_graph());
      graph_attached = true;
    }
    if (needs_program && graph_shared && !program.waited) {
      progress.update(done, "solving the steady-state program");
      program = wait_for_program(session, budget, started);  // its clock runs from the session's start
      program_work = graph_work + seconds(program.seconds);
    }
    if ((skipped[k] = skipped_for_want_of_a_graph(options, schedulers[k], header))) {
      finished();
      continue;
    }
    if (needs_program && !program.status.empty()) {
      runs[k] = run_without_figures(name, program.status, program.reason);
      finished();
      continue;
    }
    progress.update(done, "simulating " + name);
    const auto work = needs_program && graph_shared ? program_work : needs_graph ? graph_work : shared_work;
    const PartLimit limit = budget.part(schedulers.size() - done, std::chrono::steady_clock::now() - work);
    std::optional<SimulationReport> run_header;
    SchedulerRun run = run_in_child([&, name = name] { return session.simulate(name); }, limit.seconds, limit.started,
                                    name, std::cerr, run_header);
    if (run.status == "timeout")
      run.error = budget.timeout_reason(limit, run.error);
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
    finished();
  }
  SimulationReport report = in_request_order(options, header, runs, skipped);
  report.best_finalists = std::move(best_finalists);
  return report;
}

// The report of a session process stopped before it finished: the rows it published, and a
// "timeout" (or "failed") row with `outcome`'s reason for every scheduler it had not finished.
SimulationReport unfinished_report(const SimulateOptions& options, const std::vector<RequestedScheduler>& schedulers,
                                   const IsolatedOutcome& outcome, const std::string& reason)
{
  SimulationReport report;
  if (!outcome.partial_payload.empty())
    report = nlohmann::json::parse(outcome.partial_payload).get<SimulationReport>();
  else
    header_from_options(report, options);
  std::vector<SchedulerRun> runs;
  for (const auto& scheduler : schedulers) {
    const auto named = [&](const SchedulerRun& run) { return run.scheduler == scheduler.name; };
    if (std::any_of(report.skipped.begin(), report.skipped.end(), named))
      continue;
    const auto run = std::find_if(report.runs.begin(), report.runs.end(), named);
    runs.push_back(run != report.runs.end() ? std::move(*run)
                                            : run_without_figures(scheduler.name, outcome.timed_out ? "timeout" : "failed",
                                                                  reason));
  }
  report.runs = std::move(runs);
  return report;
}

// The platform is loaded once, in a child (SimGrid may abort on a bad platform: the input's
// failure, exit 2), which then runs the schedulers; its progress goes straight to the terminal
// when stderr is one. --timeout bounds the loading, --budget the whole child (a second more for
// its report); a child stopped on either still gives every row it had finished.
SimulationReport run_all(const SimulateOptions& options, const std::vector<RequestedScheduler>& schedulers,
                         std::ostream& err)
{
  const auto run_start = std::chrono::steady_clock::now();
  const int terminal = isatty(STDERR_FILENO) ? dup(STDERR_FILENO) : -1;
  // A lone scheduler runs in this child (run_alone): its time limit and failures are the child's.
  const bool alone = schedulers.size() == 1;
  const RunBudget budget(options.timeout_seconds, options.budget_seconds, run_start);
  const PartLimit whole = budget.part(1, run_start);
  constexpr double kReportSeconds = 1.0;
  const double limit = alone ? whole.seconds : options.budget_seconds > 0.0 ? options.budget_seconds + kReportSeconds : 0.0;
  const auto process = IsolatedProcess::start([&] {
    __gnu_cxx::stdio_filebuf<char> terminal_buffer(terminal >= 0 ? terminal : dup(STDERR_FILENO), std::ios::out);
    std::ostream progress_out(&terminal_buffer);
    return nlohmann::json(run_schedulers(options, schedulers, progress_out, terminal >= 0, run_start, nullptr)).dump();
  });
  auto outcome = process.wait(limit, run_start, alone ? 0.0 : options.timeout_seconds);
  if (terminal >= 0)
    close(terminal);
  if (!outcome.ok && alone) {
    std::optional<SimulationReport> header;
    SchedulerRun run = run_without_report(outcome, schedulers.front().name, &header);
    if (run.status == "timeout")
      run.error = budget.timeout_reason(whole, run.error);
    SimulationReport report;
    if (header)
      report = std::move(*header);
    else
      header_from_options(report, options);
    report.runs.push_back(std::move(run));
    return report;
  }
  if (!outcome.ok && (outcome.timed_out || (outcome.past_milestone && !outcome.threw))) {
    err << outcome.child_stderr;
    std::string reason = outcome.error;
    if (outcome.timed_out && outcome.partial_payload.empty())
      reason = "not run: loading the platform did not finish " + budget.limit_phrase(false) +
               (outcome.error.find(" while ") != std::string::npos ? outcome.error.substr(outcome.error.find(" while ")) : "");
    else if (outcome.timed_out)
      reason = "not run: the run's budget of " + fmt::format("{:g}", options.budget_seconds) +
               " s (--budget; 0: no budget) was spent";
    return unfinished_report(options, schedulers, outcome, reason);
  }
  if (!outcome.ok)
    throw std::runtime_error(outcome.error);
  err << outcome.child_stderr;  // the schedulers' own messages
  return nlohmann::json::parse(outcome.payload).get<SimulationReport>();
}

// The value of SimGrid option `key` given with --cfg (the last one), if any.
std::optional<std::string> config_value(const SimulateOptions& options, const std::string& key)
{
  std::optional<std::string> value;
  for (const auto& entry : options.simgrid_config)
    if (entry.rfind(key + ":", 0) == 0)
      value = entry.substr(key.size() + 1);
  return value;
}

// The SimGrid trace file when --cfg=tracing is on (SimGrid's default name otherwise), else none.
std::optional<std::string> trace_file(const SimulateOptions& options)
{
  const auto tracing = config_value(options, "tracing");
  if (!tracing || (*tracing != "yes" && *tracing != "on" && *tracing != "1" && *tracing != "true"))
    return std::nullopt;
  return config_value(options, "tracing/filename").value_or("simgrid.trace");
}

// SimGrid opens its trace file once per engine, so schedulers sharing a session would leave one
// trace for all: traced, each scheduler runs alone, its trace named after it (FILE.fnf.trace), the
// run's budget shared among them as run_schedulers does.
SimulationReport run_traced_one_by_one(const SimulateOptions& options, const std::vector<RequestedScheduler>& schedulers,
                                       const std::string& trace, std::ostream& err)
{
  const RunBudget budget(options.timeout_seconds, options.budget_seconds, std::chrono::steady_clock::now());
  SimulationReport report;
  for (std::size_t k = 0; k < schedulers.size(); ++k) {
    SimulateOptions one = options;
    one.simgrid_config.push_back("tracing/filename:" + scheduler_file_path(trace, schedulers[k].name, true));
    const PartLimit limit = budget.part(schedulers.size() - k, std::chrono::steady_clock::now());
    one.timeout_seconds = limit.seconds;
    one.budget_seconds = 0.0;
    SimulationReport part = run_all(one, {schedulers[k]}, err);
    if (part.runs.size() == 1 && part.runs.front().status == "timeout")
      part.runs.front().error = budget.timeout_reason(limit, part.runs.front().error);
    if (k == 0) {
      report = part;
      report.runs.clear();
      report.skipped.clear();
      report.timeout_seconds = options.timeout_seconds;
      report.budget_seconds = options.budget_seconds;
    }
    report.runs.insert(report.runs.end(), part.runs.begin(), part.runs.end());
    report.skipped.insert(report.skipped.end(), part.skipped.begin(), part.skipped.end());
  }
  return report;
}

// Every file the run will write, by option, with the scheduler's name inserted when there are several.
std::vector<NamedPath> output_files(const SimulateOptions& options, const std::vector<std::string>& names)
{
  std::vector<NamedPath> outputs;
  const bool several = names.size() > 1;
  for (const auto& [option, path] : {std::pair<std::string, const std::string*>{"--dot", &options.dot_path},
                                     {"--gantt", &options.gantt_path},
                                     {"--plan", &options.plan_path}})
    if (!path->empty())
      for (const auto& name : names)
        outputs.push_back({option, scheduler_file_path(*path, name, several)});
  if (const auto trace = trace_file(options))
    for (const auto& name : names)
      outputs.push_back({"--cfg=tracing/filename", scheduler_file_path(*trace, name, several)});
  return outputs;
}

// The files of the trees, after the report is out: a file that cannot be written is one line on
// `err` and exit status 1, never the loss of the report.
int write_tree_files(const SimulateOptions& options, const SimulationReport& report, bool several, std::ostream& err)
{
  int status = 0;
  const auto attempt = [&](const std::string& path, void (*write)(const SimulationReport&, const std::string&, bool)) {
    if (path.empty())
      return;
    try {
      write(report, path, several);
    } catch (const std::exception& error) {
      err << "hbcast: error: " << error.what() << '\n';
      status = 1;
    }
  };
  attempt(options.dot_path, write_dot_files);
  attempt(options.gantt_path, write_gantt_files);
  attempt(options.plan_path, write_plan_files);
  return status;
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
  if (options.budget_seconds == kBudgetByDefault)
    request.effective.budget_seconds = request.schedulers.size() > 1 ? kDefaultBudgetSeconds : 0.0;
  if (options.root == "random") {  // drawn from the hosts with --seed, recorded as such
    request.effective.root.clear();
    request.effective.random_root_seed = options.seed;
  }
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
  const auto trace = trace_file(effective);
  SimulationReport report =
      loaded ? run_schedulers(effective, request.schedulers, err, false, std::chrono::steady_clock::now(), loaded)
      : trace && request.schedulers.size() > 1 ? run_traced_one_by_one(effective, request.schedulers, *trace, err)
                                               : run_all(effective, request.schedulers, err);
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
  std::vector<std::string> names;
  for (const auto& scheduler : request.schedulers)
    names.push_back(scheduler.name);
  // Before minutes of simulation, not after; no input is ever overwritten.
  std::vector<NamedPath> inputs{
      {"the platform being simulated", options.platform.empty() ? default_platform_path() : options.platform}};
  for (const auto& path : options.tree_paths)
    inputs.push_back({"a tree being replayed (--tree)", path});
  check_outputs(output_files(request.effective, names), inputs);
  const ProgressHeartbeat heartbeat;  // stderr not a terminal: a line every few seconds
  SimulationReport report = run_request(request, err, nullptr);
  // The tree files are written after the report (write_tree_files); the deployed plan's name is known now.
  if (!options.plan_path.empty())
    if (const SchedulerRun* deployed = deployed_run(report))
      report.deployed_plan_file = scheduler_file_path(options.plan_path, deployed->scheduler, report.runs.size() > 1);
  if (options.format == "csv")
    write_report_csv(out, report);
  else if (options.format == "json")
    write_report_json(out, report);
  else
    write_report_table(out, report);
  out.flush();
  const int files_status = write_tree_files(options, report, names.size() > 1, err);
  return std::max(report_failures(report, err), files_status);
}

void add_simulate_command(CLI::App& app, CommandContext& context)
{
  auto options = std::make_shared<SimulateOptions>();
  auto* command = app.add_subcommand("simulate", "build broadcast trees, predict them and replay them in SimGrid");
  command->add_option("platform", options->platform,
                      "SimGrid platform XML (default: the shipped GRID5000-like grid5000_88.xml)");
  command->add_option("--root", options->root,
                      "host that broadcasts (default: the first host declared; 'fastest': the host of smallest "
                      "sender-only time t_u, the any-source setting of Liu; 'random': a host drawn with --seed)");
  as_list(command->add_option("-s,--scheduler", options->schedulers,
                              "scheduler name(s), comma-separated (repeatable), or 'all'"));
  command->add_option("--param", options->scheduler_parameters,
                      "NAME=VALUE: a scheduler parameter, e.g. m=4 (lcf-m), degree=2 (bounded-degree), "
                      "matching=3 (bounded-matching); repeatable; 'hbcast schedulers' lists them")
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  command->add_option("--size", options->size,
                      "message size in bytes, or with a unit: " + size_units_text() + " (e.g. 4MiB, 1e6; default 4MiB)");
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
                      "there are several)")
      ->check(file_name());
  command->add_option("--gantt", options->gantt_path,
                      "draw each replay as a Gantt chart with gnuplot, predicted intervals overlaid (FILE.svg or "
                      "FILE.png, the scheduler name inserted when there are several)")
      ->check(file_name());
  command->add_option("--plan", options->plan_path,
                      "write each tree as a plan for libhbcast_mpi (JSON; FILE, or FILE with the scheduler "
                      "name inserted when there are several)")
      ->check(file_name());
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
                      "wall-clock limit in seconds of each part the run waits for: a scheduler (with its share of "
                      "the shared work), the steady-state program solved in the background, loading the platform "
                      "(default 0: none)")
      ->check(number_at_least(0, "a number of seconds"));
  options->budget_seconds = kBudgetByDefault;
  command->add_option("--budget", options->budget_seconds,
                      fmt::format("wall-clock budget in seconds of the whole run, what is left of it shared equally "
                                  "among the schedulers still to run; a scheduler past its share is stopped, and its "
                                  "row keeps its tree's predictions if it had them (default {:g} with several "
                                  "schedulers, none with one; 0: none)",
                                  kDefaultBudgetSeconds))
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
  command->add_option("--seed", options->seed,
                      "seed of --random-times and of --root random (recorded in the output; default 1)")
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
        options->tree_paths.push_back(path);
        options->schedulers.push_back(options->given_trees.back().name);
      }
      return run_simulate(*options, context.out, context.err);
    });
  });
}

}  // namespace hbcast::cli
