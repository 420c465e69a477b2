#include <hbcast/cli/command_line.hpp>

#include <hbcast/cli/simulate_command.hpp>
#include <hbcast/cli/size_parser.hpp>
#include <hbcast/cli/text_table.hpp>
#include <hbcast/sched/scheduler_registry.hpp>

#include <CLI/CLI.hpp>

#include <sstream>

namespace hbcast::cli {
namespace {

void add_simulate_options(CLI::App& command, SimulateOptions& options)
{
  command.add_option("platform", options.platform,
                     "SimGrid platform XML (default: the shipped GRID5000-like grid5000_88.xml)");
  command.add_option("--root", options.root, "host that broadcasts (default: the first host declared)");
  command.add_option("-s,--scheduler", options.schedulers, "scheduler name(s), comma-separated, or 'all'")
      ->delimiter(',');
  command.add_option("--size", options.size, "message size, e.g. 4MiB, 1e6, 512KiB (default 4MiB)");
  command.add_option("--slices", options.slices, "cut the message into K slices and pipeline them (default 1)")
      ->check(CLI::PositiveNumber);
  command.add_option("--port", options.port, "port model: one (bidirectional one-port) or multi (default one)")
      ->check(CLI::IsMember({"one", "multi", "one-port", "multi-port"}));
  command.add_option("--format", options.format, "output: table, csv or json (default table)")
      ->check(CLI::IsMember({"table", "csv", "json"}));
  command.add_option("--dot", options.dot_path,
                     "write each tree as Graphviz DOT (FILE, or FILE with the scheduler name inserted when "
                     "there are several)");
  command.add_option("--cfg", options.simgrid_config,
                     "SimGrid option key:value, passed through (e.g. --cfg=network/model:LV08); "
                     "by default network/model:CM02, network/crosstraffic:0, network/TCP-gamma:1e30 (exact mode)");
  command.add_option("--log", options.simgrid_log, "SimGrid log setting, passed through (e.g. --log=hbcast.thres:debug)");
  command.add_option("--timeout", options.timeout_seconds, "wall-clock limit per scheduler in seconds (default none)")
      ->check(CLI::NonNegativeNumber);
}

int list_schedulers(std::ostream& out)
{
  TextTable table({"name", "what it does", "source"});
  for (const auto& scheduler : scheduler_registry())
    table.add_row({scheduler.name, scheduler.summary, scheduler.source});
  table.print(out);
  return 0;
}

std::string first_line(const std::string& text)
{
  return text.substr(0, text.find('\n'));
}

}  // namespace

int run_command_line(int argc, char** argv, std::ostream& out, std::ostream& err)
{
  CLI::App app{"hbcast: broadcast trees on heterogeneous platforms, predicted and replayed in SimGrid", "hbcast"};
  app.set_version_flag("--version", std::string(HBCAST_VERSION));
  app.require_subcommand(1);

  SimulateOptions simulate_options;
  auto* simulate = app.add_subcommand("simulate", "build broadcast trees, predict them and replay them in SimGrid");
  add_simulate_options(*simulate, simulate_options);
  auto* schedulers = app.add_subcommand("schedulers", "list the registered schedulers, one per line");

  if (argc > 1 && argv[1][0] != '-' && std::string(argv[1]) != "simulate" && std::string(argv[1]) != "schedulers") {
    err << "hbcast: error: unknown command '" << argv[1] << "' (commands: simulate, schedulers; see 'hbcast --help')\n";
    return 2;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp&) {
    out << app.help("", CLI::AppFormatMode::Normal);
    return 0;
  } catch (const CLI::CallForAllHelp&) {
    out << app.help("", CLI::AppFormatMode::All);
    return 0;
  } catch (const CLI::CallForVersion&) {
    out << HBCAST_VERSION << '\n';
    return 0;
  } catch (const CLI::ParseError& error) {
    err << "hbcast: error: " << first_line(error.what()) << " (see 'hbcast --help')\n";
    return 2;
  }

  if (schedulers->parsed())
    return list_schedulers(out);
  try {
    simulate_options.message_bytes = parse_size(simulate_options.size);
  } catch (const std::invalid_argument& error) {
    err << "hbcast: error: " << error.what() << '\n';
    return 2;
  }
  return run_simulate(simulate_options, out, err);
}

}  // namespace hbcast::cli
