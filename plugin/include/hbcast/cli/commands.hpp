#pragma once
#include <CLI/App.hpp>

#include <ostream>

namespace hbcast::cli {

/// Where a command writes and what it returns.
struct CommandContext {
  std::ostream& out;
  std::ostream& err;
  int status = 0;  ///< 0, or 2 after a one-line error on `err`
};

/// Each `hbcast` subcommand lives in its own file and registers itself on the main app; its
/// callback, run by CLI11 after a successful parse, does the work and sets context.status.
void add_simulate_command(CLI::App& app, CommandContext& context);
void add_schedulers_command(CLI::App& app, CommandContext& context);
void add_generate_command(CLI::App& app, CommandContext& context);
void add_plot_command(CLI::App& app, CommandContext& context);
void add_sweep_command(CLI::App& app, CommandContext& context);
void add_merge_command(CLI::App& app, CommandContext& context);
void add_validate_command(CLI::App& app, CommandContext& context);

}  // namespace hbcast::cli
