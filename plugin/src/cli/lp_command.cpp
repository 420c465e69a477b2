// `hbcast lp`: the optimal multi-tree throughput of a platform (SSB(G), seed 002 section 4.1) and,
// beside it, every single-tree scheduler's throughput and its ratio to that optimum.
#include <hbcast/cli/commands.hpp>
#include <hbcast/eval/pipeline_evaluator.hpp>
#include <hbcast/platform/direct_link_topology.hpp>
#include <hbcast/platform/engine_teardown.hpp>
#include <hbcast/platform/loaded_platform.hpp>
#include <hbcast/platform/platform_cost_model.hpp>
#include <hbcast/platform_graph/steady_state_lp.hpp>
#include <hbcast/report/text_table.hpp>
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
};

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
  auto topology = direct_link_topology(*costs);
  if (!topology)
    throw std::runtime_error("'" + arguments.platform + "' has no direct host-to-host link: the LP needs a platform graph");
  const auto start = std::chrono::steady_clock::now();
  // Solved once: the LP heuristics (lp-prune, lp-grow-tree) reuse it for both port models.
  const auto solution =
      std::make_shared<const SteadyStateSolution>(solve_steady_state_broadcast(*topology, root, slice_bytes));
  const SteadyStateSolution& lp = *solution;
  const double solve_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  nlohmann::json result = {{"platform", arguments.platform}, {"hosts", platform.size()},
                           {"root", platform.host_names()[root]}, {"slice_bytes", slice_bytes},
                           {"links", topology->link_count()}, {"lp_throughput", finite_or_null(lp.bytes_per_second)},
                           {"lp_variables", lp.variable_count}, {"lp_constraints", lp.constraint_count},
                           {"lp_iterations", lp.iterations}, {"lp_seconds", solve_seconds}};
  for (const auto& scheduler : scheduler_registry()) {
    nlohmann::json row = {{"scheduler", scheduler.name}};
    for (auto port : {PortModel::one_port, PortModel::multi_port}) {
      BroadcastInstance instance(costs, platform.host_names(), slice_bytes, port);
      instance.set_topology(topology);
      instance.set_steady_state(solution, root);
      const auto tree = run_scheduler(scheduler, instance, root).tree;
      const double throughput = slice_bytes / steady_state_period(tree, *costs, slice_bytes, port);
      const std::string key = port == PortModel::one_port ? "one_port" : "multi_port";
      row[key + "_throughput"] = finite_or_null(throughput);
      row[key + "_ratio"] = finite_or_null(throughput / lp.bytes_per_second);
    }
    result["schedulers"].push_back(row);
  }
  skip_engine_teardown(engine_owner);  // this runs in a child that exits once the result is out
  return result;
}

void print_table(const nlohmann::json& result, std::ostream& out)
{
  out << fmt::format("platform  {} ({} hosts, {} links), root {}, slices of {}\n", result["platform"].get<std::string>(),
                     result["hosts"].get<std::size_t>(), result["links"].get<std::size_t>(),
                     result["root"].get<std::string>(), format_size(result["slice_bytes"].get<double>()));
  out << fmt::format("optimal multi-tree throughput (SSB(G), one-port): {:.3f} MB/s  ({} variables, {} rows, "
                     "{} iterations, {:.3f} s)\n\n",
                     result["lp_throughput"].get<double>() / 1e6, result["lp_variables"].get<std::size_t>(),
                     result["lp_constraints"].get<std::size_t>(), result["lp_iterations"].get<int>(),
                     result["lp_seconds"].get<double>());
  TextTable table({"scheduler", "one-port (MB/s)", "ratio to LP", "multi-port (MB/s)", "ratio to one-port LP"});
  auto cell = [](const nlohmann::json& value, double scale, const char* format) {
    return value.is_null() ? std::string("-") : fmt::format(fmt::runtime(format), value.get<double>() * scale);
  };
  for (const auto& row : result["schedulers"])
    table.add_row({row["scheduler"].get<std::string>(), cell(row["one_port_throughput"], 1e-6, "{:.3f}"),
                   cell(row["one_port_ratio"], 1.0, "{:.3f}"), cell(row["multi_port_throughput"], 1e-6, "{:.3f}"),
                   cell(row["multi_port_ratio"], 1.0, "{:.3f}")});
  table.print(out);
}

}  // namespace

void add_lp_command(CLI::App& app, CommandContext& context)
{
  auto arguments = std::make_shared<LpArguments>();
  auto* command = app.add_subcommand("lp", "optimal multi-tree throughput (steady-state LP) against every single tree");
  command->add_option("platform", arguments->platform, "SimGrid platform XML with direct host-to-host links")->required();
  command->add_option("--root", arguments->root, "source host (default: the first host declared)");
  command->add_option("--slice", arguments->slice, "slice size, with units (default 1MB)");
  command->add_option("--format", arguments->format, "table or json (default table)")->check(CLI::IsMember({"table", "json"}));
  command->callback([arguments, &context] {
    run_reporting_errors(context, [&] {
      const double slice_bytes = parse_size(arguments->slice);
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
