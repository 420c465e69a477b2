#pragma once
#include <CLI/App.hpp>

#include <functional>
#include <ostream>

namespace hbcast::cli {

/// Where a command writes and what it returns.
struct CommandContext {
  std::ostream& out;
  std::ostream& err;
  int status = 0;  ///< 0, or 2 after a one-line error on `err`
};

/// Runs a command's work (which returns its exit status); an exception becomes the one-line error
/// "hbcast: error: <what>" on context.err and status 2.
void run_reporting_errors(CommandContext& context, const std::function<int()>& work);

/// Each `hbcast` subcommand lives in its own file and registers itself on the main app; its
/// callback, run by CLI11 after a successful parse, does the work and sets context.status.
void add_simulate_command(CLI::App& app, CommandContext& context);
void add_schedulers_command(CLI::App& app, CommandContext& context);
void add_generate_command(CLI::App& app, CommandContext& context);
void add_plot_command(CLI::App& app, CommandContext& context);
void add_sweep_command(CLI::App& app, CommandContext& context);
void add_merge_command(CLI::App& app, CommandContext& context);
void add_validate_command(CLI::App& app, CommandContext& context);
void add_lp_command(CLI::App& app, CommandContext& context);
void add_smpi_command(CLI::App& app, CommandContext& context);
void add_calibrate_command(CLI::App& app, CommandContext& context);
void add_probe_command(CLI::App& app, CommandContext& context);

}  // namespace hbcast::cli
