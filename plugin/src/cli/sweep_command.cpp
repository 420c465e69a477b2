#include <hbcast/util/atomic_file.hpp>
#include <hbcast/cli/commands.hpp>
#include <hbcast/cli/option_checks.hpp>
#include <hbcast/sweep/results_check.hpp>
#include <hbcast/sweep/results_journal.hpp>
#include <hbcast/sweep/scenario.hpp>
#include <hbcast/sweep/sweep_runner.hpp>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <filesystem>
#include <map>
#include <thread>

namespace hbcast::cli {
namespace {

struct SweepArguments {
  std::string scenario;
  std::string output;
  std::string format = "csv";
  std::size_t workers = std::max(1u, std::thread::hardware_concurrency());
  std::string shard = "0/1";
  bool resume = false;
};

struct MergeArguments {
  std::string scenario;
  std::string output;
  std::string format = "csv";
  std::vector<std::string> inputs;
};

std::string default_output(const std::string& scenario_path, const std::string& format)
{
  return std::filesystem::path(scenario_path).stem().string() + ".results." + format;
}

std::string describe(const SweepPoint& point)
{
  std::string text = fmt::format("point {} (scheduler {}, {} bytes, {} slices, {}, repetition {}", point.id,
                                 point.scheduler, point.message_bytes, point.slices, point.port, point.repetition);
  for (const auto& [key, value] : point.generator_parameters)
    text += ", " + key + " " + value;
  return text + ")";
}

// The ids of the missing points, so that the shard to rerun can be read off (id modulo N);
// capped so that a whole missing sweep stays one readable line.
std::string list_ids(const std::vector<const SweepPoint*>& points, std::size_t shown = 40)
{
  std::string text;
  for (std::size_t k = 0; k < points.size() && k < shown; ++k)
    text += (k == 0 ? "" : ", ") + std::to_string(points[k]->id);
  if (points.size() > shown)
    text += fmt::format(" and {} more", points.size() - shown);
  return text;
}

int sweep(const SweepArguments& arguments, CommandContext& context)
{
  const Scenario scenario = load_scenario(arguments.scenario);
  SweepOptions options;
  options.output = arguments.output.empty() ? default_output(arguments.scenario, arguments.format) : arguments.output;
  check_outputs({{"-o", options.output}}, {{"the scenario being swept", arguments.scenario}});
  options.format = arguments.format;
  options.workers = arguments.workers;
  options.shard = parse_shard(arguments.shard);
  options.resume = arguments.resume;
  const SweepSummary summary = run_sweep(scenario, options, context.err);
  context.out << fmt::format("{}: {} points in {}, {} already done, {} run, {} failed\n", options.output,
                             summary.points_in_shard,
                             options.shard.count > 1 ? fmt::format("shard {}/{}", options.shard.index, options.shard.count)
                                                     : std::string("the scenario"),
                             summary.already_done, summary.ran, summary.failed);
  if (summary.exit_status() != 0)
    context.err << fmt::format("hbcast: {} of {} points did not succeed (failed or timeout: see the status and "
                               "error columns of '{}')\n",
                               summary.failed + summary.failed_before, summary.points_in_shard, options.output);
  return summary.exit_status();
}

// Writes the merged results; exits 1, as `sweep` does, when some of the points did not succeed.
int merge(const MergeArguments& arguments, CommandContext& context)
{
  const Scenario scenario = load_scenario(arguments.scenario);
  const RowFormat format(arguments.format);
  const std::string header = format.header(scenario);
  std::vector<NamedPath> inputs{{"the scenario of the merge", arguments.scenario}};
  for (const auto& input : arguments.inputs)
    inputs.push_back({"an input being merged", input});
  check_outputs({{"-o", arguments.output}}, inputs);
  if (std::filesystem::exists(arguments.output))
    throw std::runtime_error("'" + arguments.output + "' exists: choose another -o");
  std::map<std::size_t, std::pair<std::string, std::string>> rows;  // point -> (line, file)
  const auto points = expand_scenario(scenario);
  for (const auto& input : arguments.inputs) {
    const auto lines = read_result_lines(input, format, header);
    check_rows_match(input, lines, format, header, scenario, points);
    for (auto& line : lines) {
      const std::size_t point = format.point_of(line);
      auto [it, inserted] = rows.emplace(point, std::make_pair(line, input));
      if (!inserted)
        throw std::runtime_error(fmt::format("point {} appears twice, in '{}' and '{}'", point, it->second.second, input));
    }
  }
  std::vector<const SweepPoint*> missing;
  for (const auto& point : points)
    if (rows.count(point.id) == 0)
      missing.push_back(&point);
  if (!missing.empty())
    throw std::runtime_error(fmt::format("{} of {} points missing ({}), first {}", missing.size(), points.size(),
                                         list_ids(missing), describe(*missing.front())));
  if (rows.size() != points.size())
    throw std::runtime_error(fmt::format("point {} is not in this scenario ({} points)", rows.rbegin()->first,
                                         points.size()));
  std::string text = header.empty() ? "" : header + "\n";
  for (const auto& [point, entry] : rows)
    text += entry.first + "\n";
  write_file_atomically(arguments.output, text);
  context.out << fmt::format("{}: {} points from {} files\n", arguments.output, rows.size(), arguments.inputs.size());
  std::size_t unsuccessful = 0;
  for (const auto& [point, entry] : rows)
    unsuccessful += row_status(entry.first, format, header) != "ok";
  if (unsuccessful == 0)
    return 0;
  context.err << fmt::format("hbcast: {} of {} points did not succeed (see the status and error columns of '{}')\n",
                             unsuccessful, rows.size(), arguments.output);
  return 1;
}

}  // namespace

void add_sweep_command(CLI::App& app, CommandContext& context)
{
  auto arguments = std::make_shared<SweepArguments>();
  auto* command = app.add_subcommand("sweep", "run every point of a scenario grid, each in its own process");
  command->add_option("scenario", arguments->scenario, "scenario file (YAML), see scenarios/example.yaml")->required();
  command->add_option("-o,--output", arguments->output, "results file (default: SCENARIO.results.FORMAT here)")
      ->check(file_name());
  command->add_option("--format", arguments->format, "csv or jsonl (default csv)")->check(CLI::IsMember({"csv", "jsonl"}));
  command->add_option("-j,--jobs", arguments->workers, "worker processes (default: the number of cores)")
      ->check(whole_number_at_least(1));
  command->add_option("--shard", arguments->shard, "run shard I of N (0 <= I < N), e.g. a Slurm array task");
  command->add_flag("--resume", arguments->resume, "complete an interrupted results file instead of refusing it");
  command->callback([arguments, &context] {
    run_reporting_errors(context, [&] { return sweep(*arguments, context); });
  });
}

void add_merge_command(CLI::App& app, CommandContext& context)
{
  auto arguments = std::make_shared<MergeArguments>();
  auto* command = app.add_subcommand("merge", "join the results of a sharded sweep, checking every point is there once");
  command->add_option("scenario", arguments->scenario, "the scenario the shards ran")->required();
  command->add_option("inputs", arguments->inputs, "shard result files")->required();
  command->add_option("-o,--output", arguments->output, "merged results file")->check(file_name())->required();
  command->add_option("--format", arguments->format, "csv or jsonl (default csv)")->check(CLI::IsMember({"csv", "jsonl"}));
  command->callback([arguments, &context] {
    run_reporting_errors(context, [&] { return merge(*arguments, context); });
  });
}

}  // namespace hbcast::cli
