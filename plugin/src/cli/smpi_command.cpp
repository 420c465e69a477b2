#include <hbcast/cli/commands.hpp>
#include <hbcast/util/size_parser.hpp>
#include <hbcast/report/smpi_comparison.hpp>

#include <CLI/CLI.hpp>

#include <memory>
#include <optional>

namespace hbcast::cli {

// `hbcast smpi [PLATFORM] --plan FILE.json [--size S]`: the plan run by libhbcast_mpi in SMPI,
// beside hbcast's prediction and replay of it.
void add_smpi_command(CLI::App& app, CommandContext& context)
{
  struct Options {
    std::string platform, plan, size, format = "table";
  };
  auto options = std::make_shared<Options>();
  auto* command = app.add_subcommand(
      "smpi", "run a plan with libhbcast_mpi in SMPI (smpirun, exact-mode settings) beside hbcast's prediction "
              "and replay of it");
  command->add_option("platform", options->platform, "SimGrid platform XML (default: the plan's)");
  command->add_option("--plan", options->plan, "plan written by `hbcast simulate --plan`")->required();
  command->add_option("--size", options->size, "message size (default: the plan's), e.g. 4MiB");
  command->add_option("--format", options->format, "output: table or json (default table)")
      ->check(CLI::IsMember({"table", "json"}));
  command->callback([options, &context] {
    run_reporting_errors(context, [&] {
      std::optional<double> size;
      if (!options->size.empty())
        size = parse_size(options->size);
      const auto comparison = compare_plan_in_smpi(options->platform, options->plan, size);
      if (options->format == "json")
        write_smpi_comparison_json(context.out, comparison);
      else
        write_smpi_comparison_table(context.out, comparison);
      return 0;
    });
  });
}

}  // namespace hbcast::cli
