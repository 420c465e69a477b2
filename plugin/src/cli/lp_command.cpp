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
#include <hbcast/simulation/isolated_run.hpp>
#include <hbcast/simulation/simulation_report.hpp>
#include <hbcast/util/size_parser.hpp>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <simgrid/s4u/Engine.hpp>

#include <chrono>
#include <cmath>

namespace hbcast::cli {
namespace {

struct LpArguments {
  std::string platform;
  std::string root;
  std::string slice = "1MB";
  std::string format = "table";
  std::string candidates = "auto";
};

double seconds_since(std::chrono::steady_clock::time_point start)
{
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

nlohmann::json lp_figures(const SteadyStateSolution& lp, double seconds)
{
  return {{"throughput", finite_or_null(lp.bytes_per_second)}, {"variables", lp.variable_count},
          {"constraints", lp.constraint_count}, {"iterations", lp.iterations}, {"rounds", lp.rounds},
          {"seconds", seconds}};
}

// The routed program: one-port, and the multi-port bound, over the candidate pairs.
struct RoutedBounds {
  RoutedTopology topology;
  std::shared_ptr<const SteadyStateSolution> one_port;
  SteadyStateSolution multi_port;
  nlohmann::json json;
};

RoutedBounds routed_bounds(const LinkRouteModel& routes, const HostBlocks* blocks, NodeId root, double slice_bytes,
                           const std::string& candidates)
{
  RoutedBounds bounds{build_routed_topology(routes, root, parse_routed_candidates(candidates), blocks), nullptr, {},
                      {}};
  SteadyStateLpOptions options;
  options.shared_links = bounds.topology.shared_links;
  auto start = std::chrono::steady_clock::now();
  bounds.one_port = std::make_shared<const SteadyStateSolution>(
      solve_steady_state_broadcast(*bounds.topology.graph, root, slice_bytes, options));
  bounds.json["one_port"] = lp_figures(*bounds.one_port, seconds_since(start));
  options.port = PortModel::multi_port;
  start = std::chrono::steady_clock::now();
  bounds.multi_port = solve_steady_state_broadcast(*bounds.topology.graph, root, slice_bytes, options);
  bounds.json["multi_port"] = lp_figures(bounds.multi_port, seconds_since(start));
  bounds.json["candidates"] = bounds.topology.candidates;
  bounds.json["transfers"] = bounds.topology.graph->link_count();
  bounds.json["shared_link_rows"] = bounds.topology.shared_links.size();
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

// Runs in a child process: SimGrid loads the platform there.
nlohmann::json compare_with_lp(const LpArguments& arguments, double slice_bytes)
{
  int argc = 2;
  char name[] = "hbcast", quiet[] = "--log=root.thres:critical";
  char* argv[] = {name, quiet, nullptr};
  auto engine_owner = std::make_unique<simgrid::s4u::Engine>(&argc, argv);
  simgrid::s4u::Engine& engine = *engine_owner;
  auto platform = LoadedPlatform::load(engine, arguments.platform);
  const NodeId root = arguments.root.empty() ? 0 : platform.index_of(arguments.root);
  auto costs = std::make_shared<PlatformCostModel>(platform);
  const auto links = std::make_shared<PlatformLinkModel>(platform);
  nlohmann::json result = {{"platform", arguments.platform}, {"hosts", platform.size()},
                           {"root", platform.host_names()[root]}, {"slice_bytes", slice_bytes}};
  RoutedBounds routed = routed_bounds(*links, costs->host_blocks(), root, slice_bytes, arguments.candidates);
  result["routed"] = routed.json;
  // Beaumont-Marchal-Robert's SSB(G) where the platform has direct host-to-host links reaching every host; the
  // heuristics then run on that graph as published. Elsewhere they run on the routed candidates.
  auto topology = direct_link_topology(*costs);
  std::shared_ptr<const SteadyStateSolution> graph_lp;
  if (topology && topology->first_unreached_from(root) == kNoNode) {
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
  for (const SchedulerInfo* listed : schedulers_of_all()) {  // multi-tree's plan is the optimum above
    const SchedulerInfo& scheduler = *listed;
    nlohmann::json row = {{"scheduler", scheduler.name}};
    for (auto port : {PortModel::one_port, PortModel::multi_port}) {
      BroadcastInstance instance(costs, platform.host_names(), slice_bytes, port);
      instance.set_topology(topology);
      instance.set_links(links);
      instance.set_steady_state(graph_lp ? graph_lp : routed.one_port, root);
      const auto tree = run_scheduler(scheduler, instance, root).tree;
      const double throughput = link_aware_throughput(tree, *costs, *links, slice_bytes, port);
      const std::string key = port == PortModel::one_port ? "one_port" : "multi_port";
      row[key + "_throughput"] = finite_or_null(throughput);
      row[key + "_ratio"] = finite_or_null(throughput / bound.bytes_per_second);
    }
    row["multi_port_bound_ratio"] =
        finite_or_null(row["multi_port_throughput"].is_null() ? NAN
                                                              : row["multi_port_throughput"].get<double>() /
                                                                    routed.multi_port.bytes_per_second);
    result["schedulers"].push_back(row);
  }
  skip_engine_teardown(engine_owner);  // this runs in a child that exits once the result is out
  return result;
}

std::string lp_line(const nlohmann::json& figures)
{
  return fmt::format("{:.3f} MB/s  ({} variables, {} rows, {} iterations, {} rounds, {:.3f} s)",
                     figures["throughput"].get<double>() / 1e6, figures["variables"].get<std::size_t>(),
                     figures["constraints"].get<std::size_t>(), figures["iterations"].get<int>(),
                     figures["rounds"].get<int>(), figures["seconds"].get<double>());
}

void print_table(const nlohmann::json& result, std::ostream& out)
{
  out << fmt::format("platform  {} ({} hosts), root {}, slices of {}\n", result["platform"].get<std::string>(),
                     result["hosts"].get<std::size_t>(), result["root"].get<std::string>(),
                     format_size(result["slice_bytes"].get<double>()));
  const auto& routed = result["routed"];
  if (result["ssb_g"].is_null())
    out << "SSB(G), direct links (Beaumont-Marchal-Robert): not applicable: " << result["ssb_g_not_applicable"].get<std::string>()
        << '\n';
  else
    out << fmt::format("SSB(G), {} direct links (Beaumont-Marchal-Robert), one-port: {}\n", result["links"].get<std::size_t>(),
                       lp_line(result["ssb_g"]));
  out << fmt::format("SSB over the platform's routes ({}; {} shared-link rows):\n",
                     routed["candidates"].get<std::string>(), routed["shared_link_rows"].get<std::size_t>());
  out << "  one-port:   " << lp_line(routed["one_port"]) << '\n';
  out << "  multi-port: " << lp_line(routed["multi_port"]) << "  (no port rows: ForestColl's model)\n\n";
  out << "Single trees, period = max(port period, shared-link period); ratios to "
      << (result["ssb_g"].is_null() ? "the routed one-port optimum" : "SSB(G)") << " and the multi-port bound\n";
  TextTable table({"scheduler", "one-port (MB/s)", "ratio", "multi-port (MB/s)", "ratio to one-port LP",
                   "ratio to multi-port bound"});
  auto cell = [](const nlohmann::json& value, double scale, const char* format) {
    return value.is_null() ? std::string("-") : fmt::format(fmt::runtime(format), value.get<double>() * scale);
  };
  for (const auto& row : result["schedulers"])
    table.add_row({row["scheduler"].get<std::string>(), cell(row["one_port_throughput"], 1e-6, "{:.3f}"),
                   cell(row["one_port_ratio"], 1.0, "{:.3f}"), cell(row["multi_port_throughput"], 1e-6, "{:.3f}"),
                   cell(row["multi_port_ratio"], 1.0, "{:.3f}"), cell(row["multi_port_bound_ratio"], 1.0, "{:.3f}")});
  table.print(out);
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
  command->callback([arguments, &context] {
    run_reporting_errors(context, [&] {
      const double slice_bytes = parse_size(arguments->slice);
      parse_routed_candidates(arguments->candidates);  // refused before SimGrid starts
      auto outcome = run_isolated([&] { return compare_with_lp(*arguments, slice_bytes).dump(); });
      if (!outcome.ok)
        throw std::runtime_error(outcome.error);
      const auto result = nlohmann::json::parse(outcome.payload);
      if (arguments->format == "json")
        context.out << result.dump(2) << '\n';
      else
        print_table(result, context.out);
      return 0;
    });
  });
}

}  // namespace hbcast::cli
