#include <hbcast/cli/commands.hpp>
#include <hbcast/cli/option_checks.hpp>
#include <hbcast/experiments/validation_runner.hpp>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <filesystem>
#include <thread>

namespace fs = std::filesystem;

namespace hbcast::cli {
namespace {

constexpr const char* kDefaultOutputDirectory = "validation-report";

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
  // Never the cases' directory by default: a user's run must not rewrite the checkout's REPORT.md.
  const std::string output = arguments.output_directory.empty() ? kDefaultOutputDirectory : arguments.output_directory;
  std::vector<CaseResult> results;
  std::size_t failures = 0, gaps = 0;
  // Every case is loaded (and a malformed one refused) before any runs.
  std::vector<ValidationCase> cases;
  for (const auto& path : case_files(arguments, directory))
    cases.push_back(load_validation_case(path, arguments.full));
  for (const auto& validation_case : cases) {
    context.out << fmt::format("== {}: {}\n   source: {}\n", validation_case.id, validation_case.title,
                               validation_case.source)
                << std::flush;
    results.push_back(run_validation_case(validation_case, output, arguments.workers, context.err));
    for (const auto& check : results.back().checks) {
      failures += counts_as_failure(check);
      gaps += check.known_gap;
      context.out << fmt::format("   {:<6} {}: measured {} | published {}{}\n", verdict_text(check), check.description,
                                 check.measured, check.published, check.note.empty() ? "" : " | why: " + check.note);
    }
  }
  write_validation_report(results, output, arguments.full);
  context.out << fmt::format("{} case(s), {} failed check(s), {} known gap(s); report: {}\n", results.size(), failures,
                             gaps, (fs::path(output) / "REPORT.md").string());
  return failures == 0 ? 0 : 1;
}

}  // namespace

void add_validate_command(CLI::App& app, CommandContext& context)
{
  auto arguments = std::make_shared<ValidateArguments>();
  auto* command = app.add_subcommand("validate", "reproduce the published results in validation/cases, write REPORT.md (in ./validation-report)");
  command->add_option("cases", arguments->cases, "case names (file stems in validation/cases; default: all)");
  command->add_flag("--full", arguments->full, "published sizes and repetitions instead of the fast (ctest) forms");
  command->add_option("--dir", arguments->directory, "validation directory holding cases/ (default: ./validation if it has cases/, "
                                                  "else the source tree's; only read)");
  command->add_option("--output-dir", arguments->output_directory,
                      "where REPORT.md, figures/ and results/ go (default: ./validation-report; give "
                      "--output-dir validation to regenerate the committed report)");
  command->add_option("-j,--jobs", arguments->workers, "worker processes (default: the number of cores)")
      ->check(whole_number_at_least(1));
  command->callback([arguments, &context] { run_reporting_errors(context, [&] { return validate(*arguments, context); }); });
}

}  // namespace hbcast::cli
