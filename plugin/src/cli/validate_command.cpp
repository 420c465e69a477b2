#include <hbcast/cli/commands.hpp>
#include <hbcast/experiments/validation_runner.hpp>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <filesystem>
#include <thread>

namespace fs = std::filesystem;

namespace hbcast::cli {
namespace {

struct ValidateArguments {
  std::vector<std::string> cases;
  bool full = false;
  std::string directory;
  std::string output_directory;
  std::size_t workers = std::max(1u, std::thread::hardware_concurrency());
};

std::string validation_directory(const std::string& requested)
{
  if (!requested.empty())
    return requested;
  for (const char* candidate : {"validation", HBCAST_SOURCE_VALIDATION_DIR})
    if (fs::is_directory(fs::path(candidate) / "cases"))
      return candidate;
  throw std::runtime_error("no validation/cases directory here; give one with --dir");
}

std::vector<std::string> case_files(const ValidateArguments& arguments, const std::string& directory)
{
  const auto all = find_validation_cases(directory);
  if (arguments.cases.empty())
    return all;
  std::vector<std::string> chosen;
  for (const auto& name : arguments.cases) {
    auto match = std::find_if(all.begin(), all.end(), [&](const std::string& path) {
      return fs::path(path).stem() == name || path == name;
    });
    if (match == all.end())
      throw std::runtime_error("no validation case '" + name + "' in " + directory + "/cases");
    chosen.push_back(*match);
  }
  return chosen;
}

int validate(const ValidateArguments& arguments, CommandContext& context)
{
  const std::string directory = validation_directory(arguments.directory);
  const std::string output = arguments.output_directory.empty() ? directory : arguments.output_directory;
  std::vector<CaseResult> results;
  std::size_t failures = 0;
  for (const auto& path : case_files(arguments, directory)) {
    const ValidationCase validation_case = load_validation_case(path, arguments.full);
    context.out << fmt::format("== {}: {}\n   source: {}\n", validation_case.id, validation_case.title,
                               validation_case.source)
                << std::flush;
    results.push_back(run_validation_case(validation_case, output, arguments.workers, context.err));
    for (const auto& check : results.back().checks) {
      failures += check.verdict == Verdict::fail;
      context.out << fmt::format("   {:<6} {}: measured {} | published {}\n", to_string(check.verdict),
                                 check.description, check.measured, check.published);
    }
  }
  write_validation_report(results, output, arguments.full);
  context.out << fmt::format("{} case(s), {} failed check(s); report: {}\n", results.size(), failures,
                             (fs::path(output) / "REPORT.md").string());
  return failures == 0 ? 0 : 1;
}

}  // namespace

void add_validate_command(CLI::App& app, CommandContext& context)
{
  auto arguments = std::make_shared<ValidateArguments>();
  auto* command = app.add_subcommand("validate", "reproduce the published results in validation/cases, write REPORT.md");
  command->add_option("cases", arguments->cases, "case names (file stems in validation/cases; default: all)");
  command->add_flag("--full", arguments->full, "published sizes and repetitions instead of the fast (ctest) forms");
  command->add_option("--dir", arguments->directory, "validation directory (default: ./validation)");
  command->add_option("--output-dir", arguments->output_directory,
                      "where REPORT.md, figures/ and results/ go (default: the validation directory)");
  command->add_option("-j,--jobs", arguments->workers, "worker processes (default: the number of cores)")
      ->check(CLI::PositiveNumber);
  command->callback([arguments, &context] { run_reporting_errors(context, [&] { return validate(*arguments, context); }); });
}

}  // namespace hbcast::cli
