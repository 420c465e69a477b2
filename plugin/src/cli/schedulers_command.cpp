#include <hbcast/cli/commands.hpp>
#include <hbcast/report/text_table.hpp>
#include <hbcast/sched/scheduler_registry.hpp>

#include <CLI/CLI.hpp>

namespace hbcast::cli {

void add_schedulers_command(CLI::App& app, CommandContext& context)
{
  auto* command = app.add_subcommand("schedulers", "list the registered schedulers, one per line");
  command->callback([&context] {
    TextTable table({"name", "platform", "multicast", "what it does", "source"});
    for (const auto& scheduler : scheduler_registry())
      table.add_row({scheduler.name, scheduler.needs_platform_graph ? "graph" : "any",
                     scheduler.build_multicast ? "own" : "pruned", scheduler.summary, scheduler.source});
    table.print(context.out);
    context.status = 0;
  });
}

}  // namespace hbcast::cli
