#include <hbcast/cli/commands.hpp>
#include <hbcast/report/text_table.hpp>
#include <hbcast/sched/scheduler_registry.hpp>

#include <CLI/CLI.hpp>

#include <fmt/format.h>

namespace hbcast::cli {
namespace {

// "m=0 (copies ...)" for each parameter, set with simulate --param NAME=VALUE.
std::string parameters_text(const SchedulerInfo& scheduler)
{
  std::vector<std::string> parts;
  for (const auto& parameter : scheduler.parameters)
    parts.push_back(fmt::format("{}={:g}", parameter.name, parameter.default_value));
  return parts.empty() ? "-" : fmt::format("{}", fmt::join(parts, ", "));
}

// The named-only scheduler is a multi-tree plan, which broadcasts to every host.
const char* multicast_text(const SchedulerInfo& scheduler)
{
  return scheduler.build_multicast ? "own" : scheduler.named_only ? "none" : "pruned";
}

}  // namespace

void add_schedulers_command(CLI::App& app, CommandContext& context)
{
  auto* command = app.add_subcommand("schedulers", "list the registered schedulers as a table (parameters with their defaults: set them with "
                                     "simulate --param NAME=VALUE)");
  command->callback([&context] {
    TextTable table({"name", "platform", "multicast", "parameters", "what it does", "source"});
    for (const auto& scheduler : scheduler_registry())
      table.add_row({scheduler.name, scheduler.needs_platform_graph ? "graph" : "any",
                     multicast_text(scheduler), parameters_text(scheduler), scheduler.summary, scheduler.source});
    table.print(context.out);
    for (const auto& scheduler : scheduler_registry())
      for (const auto& parameter : scheduler.parameters)
        context.out << fmt::format("{} {}: {}\n", scheduler.name, parameter.name, parameter.summary);
    context.status = 0;
  });
}

}  // namespace hbcast::cli
