#include <hbcast/util/atomic_file.hpp>
#include <hbcast/cli/commands.hpp>
#include <hbcast/cli/option_checks.hpp>
#include <hbcast/simulation/platform_generators.hpp>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <map>
#include <memory>
#include <string>

namespace hbcast::cli {
namespace {

constexpr const char* kDefaultSeed = "1";

// What one `hbcast generate <generator>` invocation was given.
struct GenerateRequest {
  std::string seed = kDefaultSeed;
  std::string output;
  std::map<std::string, std::string> values;   // one slot per parameter, stable addresses
  std::map<std::string, CLI::Option*> options;  // to tell given from defaulted
};

std::string joined_generator_names()
{
  return fmt::format("{}", fmt::join(platform_generator_names(), ", "));
}

void add_generator_subcommand(CLI::App& generate, CommandContext& context, const PlatformGenerator& generator)
{
  auto request = std::make_shared<GenerateRequest>();
  auto* command = generate.add_subcommand(generator.name, generator.summary);
  command->footer(generator.details);
  for (const auto& parameter : generator.parameters) {
    std::string& slot = request->values[parameter.name];
    request->options[parameter.name] =
        command->add_option("--" + parameter.name, slot,
                            parameter.description + " (default " + parameter.default_value + ")")
            ->type_name(parameter.value_name);
  }
  command->add_option("--seed", request->seed,
                      std::string("seed of the std::mt19937_64 generator, recorded in the XML (default ") +
                          kDefaultSeed + "); the same seed and parameters give a byte-identical file")
      ->type_name("S");
  command->add_option("-o,--output", request->output, "SimGrid platform XML file to write (replaced atomically)")
      ->type_name("FILE.xml")
      ->check(file_name())
      ->required();
  command->callback([request, name = generator.name, &context] {
    run_reporting_errors(context, [&] {
      std::map<std::string, std::string> given;
      for (const auto& [parameter, option] : request->options)
        if (option->count() > 0)
          given[parameter] = request->values.at(parameter);
      const std::uint64_t seed = parse_generator_seed(request->seed);
      check_output_path(request->output);  // before building what may be a large file
      write_file_atomically(request->output, generate_platform_xml(name, given, seed));
      context.out << "wrote " << request->output << " (" << name << " platform, seed " << seed << ")\n";
      return 0;
    });
  });
}

}  // namespace

void add_generate_command(CLI::App& app, CommandContext& context)
{
  auto* generate =
      app.add_subcommand("generate", "generate a random platform as SimGrid XML (" + joined_generator_names() + ")");
  for (const auto& generator : platform_generators())
    add_generator_subcommand(*generate, context, generator);
  // Extras are allowed here only so that a missing or misspelt generator is reported by name
  // rather than as CLI11's "A subcommand is required".
  generate->require_subcommand(0, 1);
  generate->allow_extras();
  generate->callback([generate, &context] {
    const auto extras = generate->remaining();
    if (!generate->get_subcommands().empty() && extras.empty())
      return;
    context.err << "hbcast: error: "
                << (extras.empty() ? std::string("missing generator")
                                   : "unknown generator or argument '" + extras.front() + "'")
                << " (known generators: " << joined_generator_names() << "; see 'hbcast generate --help')\n";
    context.status = 2;
  });
}

}  // namespace hbcast::cli
