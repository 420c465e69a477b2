#include <hbcast/cli/commands.hpp>
#include <hbcast/util/atomic_file.hpp>
#include <hbcast/simulation/probe_run.hpp>

#include <CLI/CLI.hpp>

#include <memory>

namespace hbcast::cli {

// `hbcast probe --smpi PLATFORM.xml -o FILE.csv`: hbcast-probe in SMPI on a platform (on a real
// cluster: mpirun hbcast-probe, docs/calibration.md).
void add_probe_command(CLI::App& app, CommandContext& context)
{
  auto request = std::make_shared<SmpiProbeRequest>();
  auto options = std::make_shared<std::vector<std::pair<std::string, std::string>>>();
  auto* command = app.add_subcommand(
      "probe", "run hbcast-probe in SMPI on a platform (one rank per host) and write its CSV for hbcast calibrate; "
               "on a real cluster run `mpirun hbcast-probe` instead");
  command->add_option("--smpi", request->platform, "SimGrid platform XML to probe in SMPI")
      ->required()
      ->type_name("PLATFORM.xml");
  command->add_option("-o,--output", request->output, "CSV to write (replaced once the probe has finished)")
      ->required()
      ->type_name("FILE.csv");
  command->add_flag("--smpi-default-factors", request->smpi_default_factors,
                    "keep SMPI's default size factors (network/model:SMPI); by default exact mode, factors 1");
  command->add_option("--cfg", request->config, "more SimGrid options for smpirun, key:value (repeatable)")
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  // hbcast-probe's own options, passed through (slots reserved: CLI11 keeps their addresses).
  options->reserve(8);
  for (const auto& [name, help] : std::vector<std::pair<std::string, std::string>>{
           {"--sizes", "message sizes: LIST (1,1KiB,4MiB) or LOW:HIGH (powers of 2; default 1:16MiB)"},
           {"--all-pairs-max", "every pair up to this size, sampled pairs beyond (default 256KiB)"},
           {"--partners", "sampled partners per host in its group beyond it (default 4; +1 per other group)"},
           {"--repetitions", "timed round trips per size and pair (default 5)"},
           {"--seed", "seed of the sampling (default 1)"},
           {"--concurrent-size", "message size of the concurrent tests (default 4MiB)"},
           {"--concurrent-messages", "timed messages per flow of a concurrent test (default 4)"},
           {"--max-flows", "flows per concurrent test at most (default 64)"}}) {
    options->emplace_back(name, "");
    command->add_option(name, options->back().second, help);
  }
  auto no_concurrent = std::make_shared<bool>(false);
  command->add_flag("--no-concurrent", *no_concurrent, "skip the concurrent tests");
  command->callback([request, options, no_concurrent, &context] {
    run_reporting_errors(context, [&] {
      for (const auto& [name, value] : *options)
        if (!value.empty())
          request->probe_arguments.insert(request->probe_arguments.end(), {name, value});
      if (*no_concurrent)
        request->probe_arguments.push_back("--no-concurrent");
      check_output_path(request->output);
      const std::string log = run_probe_in_smpi(*request, [&](const std::string& plan) {
        context.out << "probing " << request->platform << " in SMPI ("
                    << (request->smpi_default_factors ? "SMPI's default size factors" : "exact mode, factors 1")
                    << ")\n"
                    << plan;
        context.out.flush();
      });
      context.out << log;
      context.out << "wrote " << request->output << "\n";
      return 0;
    });
  });
}

}  // namespace hbcast::cli
