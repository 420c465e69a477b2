// `hbcast lp`: the optimal multi-tree throughput of a platform (SSB(G), Beaumont-Marchal-Robert section 4.1, on
// direct links; over the platform's routes with shared-link rows, one-port and multi-port, issue
// 16) and, beside it, every single-tree scheduler's link-aware throughput and its ratios.
#include <hbcast/cli/commands.hpp>
#include <hbcast/eval/pipeline_evaluator.hpp>
#include <hbcast/platform/direct_link_topology.hpp>
#include <hbcast/platform/engine_teardown.hpp>
#include <hbcast/platform/loaded_platform.hpp>
#include <hbcast/platform/platform_cost_model.hpp>
#include <hbcast/platform_graph/routed_topology.hpp>
#include <hbcast/platform_graph/shared_link_period.hpp>
#include <hbcast/platform_graph/steady_state_lp.hpp>
#include <hbcast/report/text_table.hpp>
#include <hbcast/platform/platform_link_model.hpp>
#include <hbcast/sched/scheduler_registry.hpp>
#include <hbcast/cli/option_checks.hpp>
#include <hbcast/platform/activity_breadcrumb.hpp>
#include <hbcast/platform/platform_error.hpp>
#include <hbcast/report/progress_line.hpp>
#include <hbcast/simulation/interruption.hpp>
#include <hbcast/simulation/isolated_run.hpp>
#include <hbcast/simulation/simulation_report.hpp>
#include <hbcast/util/size_parser.hpp>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <simgrid/s4u/Engine.hpp>

#include <chrono>
#include <algorithm>
#include <cmath>
#include <functional>

namespace hbcast::cli {
namespace {

struct LpArguments {
  std::string platform;
  std::string root;
  std::string slice = "1MB";
  std::string format = "table";
  std::string candidates = "auto";
  double timeout_seconds = 0.0;
};

double seconds_since(std::chrono::steady_clock::time_point start)
{
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

nlohmann::json lp_figures(const SteadyStateSolution& lp, double seconds)
{
  nlohmann::json figures = {{"throughput", finite_or_null(lp.bytes_per_second)}, {"variables", lp.variable_count},
                            {"constraints", lp.constraint_count}, {"iterations", lp.iterations},
                            {"rounds", lp.rounds}, {"seconds", seconds}};
  if (lp.status == SteadyStateSolution::Status::unbounded)
    figures["unbounded"] =
        "no port or link limits the rate along routes that reach every host (routes of latency only, as between a "
        "Vivaldi zone's hosts, have no bandwidth to share): the throughput has no bound";
  return figures;
}

// What the child is doing: the crash breadcrumb, and the status the parent's heartbeat repeats.
void doing(const std::string& what)
{
  set_activity("%s", what.c_str());
  post_progress_status(what);
}

// The routed program: one-port, and the multi-port bound, over the candidate pairs.
struct RoutedBounds {
  RoutedTopology topology;
  std::shared_ptr<const SteadyStateSolution> one_port;
  SteadyStateSolution multi_port;
  nlohmann::json json;
};

// `publish` hears of the figures as each program is solved.
RoutedBounds routed_bounds(const LinkRouteModel& routes, const HostBlocks* blocks, NodeId root, double slice_bytes,
                           const std::string& candidates, const std::function<void(const nlohmann::json&)>& publish)
{
  RoutedBounds bounds{build_routed_topology(routes, root, parse_routed_candidates(candidates), blocks), nullptr, {},
                      {}};
  bounds.json["candidates"] = bounds.topology.candidates;
  bounds.json["transfers"] = bounds.topology.graph->link_count();
  bounds.json["shared_link_rows"] = bounds.topology.shared_links.size();
  publish(bounds.json);
  SteadyStateLpOptions options;
  options.shared_links = bounds.topology.shared_links;
  doing("solving the one-port steady-state program over the routes");
  auto start = std::chrono::steady_clock::now();
  bounds.one_port = std::make_shared<const SteadyStateSolution>(
      solve_steady_state_broadcast(*bounds.topology.graph, root, slice_bytes, options));
  bounds.json["one_port"] = lp_figures(*bounds.one_port, seconds_since(start));
  publish(bounds.json);
  options.port = PortModel::multi_port;
  doing("solving the multi-port steady-state program over the routes");
  start = std::chrono::steady_clock::now();
  bounds.multi_port = solve_steady_state_broadcast(*bounds.topology.graph, root, slice_bytes, options);
  bounds.json["multi_port"] = lp_figures(bounds.multi_port, seconds_since(start));
  publish(bounds.json);
  return bounds;
}

// A tree's throughput with the link-aware period: its port period or its shared links', the larger.
double link_aware_throughput(const BroadcastTree& tree, const PlatformCostModel& costs, const LinkRouteModel& routes,
                             double slice_bytes, PortModel port)
{
  const double period = std::max(steady_state_period(tree, costs, slice_bytes, port),
                                 shared_link_period(tree, routes, slice_bytes));
  return slice_bytes / period;
}

// A scheduler's tree may use only the pairs the platform routes; "" when it does, else why not.
std::string unrouted_pair(const BroadcastTree& tree, const PlatformCostModel& costs, const std::vector<std::string>& names)
{
  for (NodeId u = 0; u < tree.size(); ++u)
    for (NodeId v : tree.children(u))
      if (!costs.route(u, v).routable())
        return "its tree sends from '" + names[u] + "' to '" + names[v] + "', a pair the platform does not route";
  return "";
}

// Runs in a child process: SimGrid loads the platform there. What is computed is published as it
// comes (publish_partial_result), so that a time limit keeps it.
nlohmann::json compare_with_lp(const LpArguments& arguments, double slice_bytes)
{
  int argc = 2;
  char name[] = "hbcast", quiet[] = "--log=root.thres:critical";
  char* argv[] = {name, quiet, nullptr};
  auto engine_owner = std::make_unique<simgrid::s4u::Engine>(&argc, argv);
  simgrid::s4u::Engine& engine = *engine_owner;
  doing("loading '" + arguments.platform + "'");
  auto platform = LoadedPlatform::load(engine, arguments.platform);
  const NodeId root = arguments.root.empty() ? 0 : platform.index_of(arguments.root);
  doing("probing the routes of '" + arguments.platform + "'");
  auto costs = std::make_shared<PlatformCostModel>(platform);
  const std::vector<bool> reached = costs->reached_from(root);
  if (const auto unreached = std::find(reached.begin(), reached.end(), false); unreached != reached.end())
    throw PlatformError("host '" + platform.host_names()[static_cast<std::size_t>(unreached - reached.begin())] +
                        "' cannot be reached from the root '" + platform.host_names()[root] +
                        "': the platform routes no pair that leads to it from the root or from a host the root "
                        "reaches");
  const auto links = std::make_shared<PlatformLinkModel>(platform);
  nlohmann::json result = {{"platform", arguments.platform}, {"hosts", platform.size()},
                           {"root", platform.host_names()[root]}, {"slice_bytes", slice_bytes}};
  const auto publish = [&] { publish_partial_result(result.dump()); };
  publish();
  doing("building the routed platform graph");
  RoutedBounds routed = routed_bounds(*links, costs->host_blocks(), root, slice_bytes, arguments.candidates,
                                      [&](const nlohmann::json& figures) {
                                        result["routed"] = figures;
                                        publish();
                                      });
  result["routed"] = routed.json;
  // Beaumont-Marchal-Robert's SSB(G) where the platform has direct host-to-host links reaching every host; the
  // heuristics then run on that graph as published. Elsewhere they run on the routed candidates.
  auto topology = direct_link_topology(*costs);
  std::shared_ptr<const SteadyStateSolution> graph_lp;
  if (topology && topology->first_unreached_from(root) == kNoNode) {
    doing("solving SSB(G) on the direct links");
    const auto start = std::chrono::steady_clock::now();
    graph_lp = std::make_shared<const SteadyStateSolution>(solve_steady_state_broadcast(*topology, root, slice_bytes));
    result["ssb_g"] = lp_figures(*graph_lp, seconds_since(start));
    result["links"] = topology->link_count();
  } else {
    result["ssb_g"] = nullptr;
    result["ssb_g_not_applicable"] =
        topology ? "host '" + platform.host_names()[topology->first_unreached_from(root)] +
                       "' is not reachable from the root along direct links"
                 : std::string("no direct host-to-host link");
    topology = routed.topology.graph;
  }
  const SteadyStateSolution& bound = graph_lp ? *graph_lp : *routed.one_port;
  result["lp_throughput"] = finite_or_null(bound.bytes_per_second);
  result["multi_port_bound"] = finite_or_null(routed.multi_port.bytes_per_second);
  result["schedulers"] = nlohmann::json::array();
  publish();
  for (const SchedulerInfo* listed : schedulers_of_all()) {  // multi-tree's plan is the optimum above
    const SchedulerInfo& scheduler = *listed;
    doing("building the " + scheduler.name + " trees");
    nlohmann::json row = {{"scheduler", scheduler.name}};
    try {
      for (auto port : {PortModel::one_port, PortModel::multi_port}) {
        BroadcastInstance instance(costs, platform.host_names(), slice_bytes, port);
        instance.set_topology(topology);
        instance.set_links(links);
        instance.set_steady_state(graph_lp ? graph_lp : routed.one_port, root);
        const auto tree = run_scheduler(scheduler, instance, root).tree;
        if (const std::string why = unrouted_pair(tree, *costs, platform.host_names()); !why.empty())
          throw std::runtime_error(why);
        const double throughput = link_aware_throughput(tree, *costs, *links, slice_bytes, port);
        const std::string key = port == PortModel::one_port ? "one_port" : "multi_port";
        row[key + "_throughput"] = finite_or_null(throughput);
        row[key + "_ratio"] = finite_or_null(throughput / bound.bytes_per_second);
      }
      row["multi_port_bound_ratio"] =
          finite_or_null(row["multi_port_throughput"].is_null() ? NAN
                                                                : row["multi_port_throughput"].get<double>() /
                                                                      routed.multi_port.bytes_per_second);
    } catch (const std::exception& error) {  // this scheduler does not apply here: a row says why
      row = {{"scheduler", scheduler.name}, {"error", std::string(error.what()).substr(0, std::string(error.what()).find('\n'))}};
    }
    result["schedulers"].push_back(row);
    publish();
  }
  skip_engine_teardown(engine_owner);  // this runs in a child that exits once the result is out
  return result;
}

std::string lp_line(const nlohmann::json& figures)
{
  if (figures.contains("unbounded"))
    return "unbounded: " + figures["unbounded"].get<std::string>();
  return fmt::format("{:.3f} MB/s  ({} variables, {} rows, {} iterations, {} rounds, {:.3f} s)",
                     figures["throughput"].get<double>() / 1e6, figures["variables"].get<std::size_t>(),
                     figures["constraints"].get<std::size_t>(), figures["iterations"].get<int>(),
                     figures["rounds"].get<int>(), figures["seconds"].get<double>());
}

// The table of what `result` holds: all of it, or what was computed before a time limit.
void print_table(const nlohmann::json& result, std::ostream& out)
{
  out << fmt::format("platform  {} ({} hosts), root {}, slices of {}\n", result["platform"].get<std::string>(),
                     result["hosts"].get<std::size_t>(), result["root"].get<std::string>(),
                     format_size(result["slice_bytes"].get<double>()));
  const auto line_of = [&](const nlohmann::json& figures, const char* key) {
    return figures.contains(key) ? lp_line(figures[key]) : std::string("(not solved)");
  };
  if (result.contains("ssb_g") && result["ssb_g"].is_null())
    out << "SSB(G), direct links (Beaumont-Marchal-Robert): not applicable: " << result["ssb_g_not_applicable"].get<std::string>()
        << '\n';
  else if (result.contains("ssb_g"))
    out << fmt::format("SSB(G), {} direct links (Beaumont-Marchal-Robert), one-port: {}\n", result["links"].get<std::size_t>(),
                       lp_line(result["ssb_g"]));
  if (result.contains("routed")) {
    const auto& routed = result["routed"];
    out << fmt::format("SSB over the platform's routes ({}; {} shared-link rows):\n",
                       routed["candidates"].get<std::string>(), routed["shared_link_rows"].get<std::size_t>());
    out << "  one-port:   " << line_of(routed, "one_port") << '\n';
    out << "  multi-port: " << line_of(routed, "multi_port") << "  (no port rows: ForestColl's model)\n";
  }
  if (!result.contains("schedulers"))
    return;
  out << "\nSingle trees, period = max(port period, shared-link period); ratios to "
      << (result["ssb_g"].is_null() ? "the routed one-port optimum" : "SSB(G)") << " and the multi-port bound\n";
  TextTable table({"scheduler", "one-port (MB/s)", "ratio", "multi-port (MB/s)", "ratio to one-port LP",
                   "ratio to multi-port bound"});
  auto cell = [](const nlohmann::json& row, const char* key, double scale) {
    return !row.contains(key) || row[key].is_null() ? std::string("-") : fmt::format("{:.3f}", row[key].get<double>() * scale);
  };
  std::vector<std::pair<std::string, std::string>> not_applicable;
  for (const auto& row : result["schedulers"]) {
    table.add_row({row["scheduler"].get<std::string>(), cell(row, "one_port_throughput", 1e-6),
                   cell(row, "one_port_ratio", 1.0), cell(row, "multi_port_throughput", 1e-6),
                   cell(row, "multi_port_ratio", 1.0), cell(row, "multi_port_bound_ratio", 1.0)});
    if (row.contains("error"))
      not_applicable.emplace_back(row["scheduler"].get<std::string>(), row["error"].get<std::string>());
  }
  table.print(out);
  if (!not_applicable.empty()) {
    out << "\nNo figures\n";
    TextTable reasons({"scheduler", "reason"});
    for (const auto& [scheduler, reason] : not_applicable)
      reasons.add_row({scheduler, reason});
    reasons.print(out);
  }
}

}  // namespace

void add_lp_command(CLI::App& app, CommandContext& context)
{
  auto arguments = std::make_shared<LpArguments>();
  auto* command = app.add_subcommand("lp", "optimal multi-tree throughput (steady-state LP) against every single tree");
  command->add_option("platform", arguments->platform, "SimGrid platform XML (any: routes, routers, shared links)")
      ->required();
  command->add_option("--root", arguments->root, "source host (default: the first host declared)");
  command->add_option("--slice", arguments->slice, "slice size, with units (default 1MB)");
  command->add_option("--candidates", arguments->candidates,
                      "host pairs that may carry transfers in the routed program: auto (all up to 100 hosts, "
                      "else nearest:8), all, direct, nearest:K");
  command->add_option("--format", arguments->format, "table or json (default table)")->check(CLI::IsMember({"table", "json"}));
  command->add_option("--timeout", arguments->timeout_seconds,
                      "wall-clock limit in seconds (default 0: none); what was computed by then is printed, and "
                      "the exit status is 1")
      ->check(number_at_least(0, "a number of seconds"));
  command->callback([arguments, &context] {
    run_reporting_errors(context, [&] {
      const double slice_bytes = parse_size(arguments->slice);
      parse_routed_candidates(arguments->candidates);  // refused before SimGrid starts
      InterruptionGuard interruption;
      const ProgressHeartbeat heartbeat;
      auto outcome = IsolatedProcess::start([&] { return compare_with_lp(*arguments, slice_bytes).dump(); })
                         .wait(arguments->timeout_seconds);
      if (!outcome.ok && (outcome.partial_payload.empty() || !outcome.timed_out))
        throw std::runtime_error(outcome.error);
      auto result = nlohmann::json::parse(outcome.ok ? outcome.payload : outcome.partial_payload);
      if (!outcome.ok)
        result["timeout"] = outcome.error;
      if (arguments->format == "json")
        context.out << result.dump(2) << '\n';
      else
        print_table(result, context.out);
      if (outcome.ok)
        return 0;
      context.out.flush();
      context.err << "hbcast: lp " << outcome.error << "; the figures above are those computed by then\n";
      return 1;
    });
  });
}

}  // namespace hbcast::cli
