#include <hbcast/cli/command_line.hpp>

#include <hbcast/cli/commands.hpp>
#include <hbcast/simulation/interruption.hpp>

#include <CLI/CLI.hpp>

namespace hbcast::cli {
namespace {

std::string first_line(const std::string& text)
{
  return text.substr(0, text.find('\n'));
}

bool is_command(const CLI::App& app, const std::string& name)
{
  for (const CLI::App* command : app.get_subcommands([](const CLI::App*) { return true; }))
    if (command->get_name() == name)
      return true;
  return false;
}

// The help that covers a usage error: the command's (and its subcommand's, as in `generate star`).
std::string help_command(const CLI::App& app, int argc, char** argv)
{
  std::string command = "hbcast";
  const CLI::App* current = &app;
  for (int k = 1; k < argc && argv[k][0] != '-' && is_command(*current, argv[k]); ++k) {
    command += std::string(" ") + argv[k];
    current = current->get_subcommand(argv[k]);
  }
  return command + " --help";
}

}  // namespace

void run_reporting_errors(CommandContext& context, const std::function<int()>& work)
{
  try {
    context.status = work();
  } catch (const Interrupted& interruption) {
    context.err << "hbcast: " << interruption.what() << '\n';
    context.status = interruption.exit_status();
  } catch (const std::exception& error) {
    context.err << "hbcast: error: " << error.what() << '\n';
    context.status = 2;
  }
}

int run_command_line(int argc, char** argv, std::ostream& out, std::ostream& err)
{
  CLI::App app{"hbcast: broadcast trees on heterogeneous platforms, predicted and replayed in SimGrid", "hbcast"};
  app.set_version_flag("--version", std::string(HBCAST_VERSION));
  app.require_subcommand(1);

  CommandContext context{out, err};
  add_simulate_command(app, context);
  add_schedulers_command(app, context);
  add_generate_command(app, context);
  add_plot_command(app, context);
  add_sweep_command(app, context);
  add_merge_command(app, context);
  add_validate_command(app, context);
  add_lp_command(app, context);
  add_smpi_command(app, context);
  add_calibrate_command(app, context);
  add_probe_command(app, context);

  if (argc > 1 && argv[1][0] != '-' && !is_command(app, argv[1])) {
    err << "hbcast: error: unknown command '" << argv[1] << "' (see 'hbcast --help')\n";
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
    err << "hbcast: error: " << first_line(error.what()) << " (see '" << help_command(app, argc, argv) << "')\n";
    return 2;
  }

  return context.status;
}

}  // namespace hbcast::cli
