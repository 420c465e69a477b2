#include <hbcast/cli/commands.hpp>
#include <hbcast/report/gnuplot_figure.hpp>
#include <hbcast/report/gnuplot_runner.hpp>
#include <hbcast/report/results_table.hpp>
#include <hbcast/report/series_statistics.hpp>
#include <hbcast/util/atomic_file.hpp>

#include <CLI/CLI.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <set>
#include <ostream>

namespace hbcast::cli {
namespace {

struct PlotOptions {
  std::string results_path;
  SeriesRequest request;
  std::string kind = "line";
  std::string error_bars = "minmax";
  std::string title;
  std::string output_path;
  std::string script_path;
  std::vector<std::string> where;  ///< COLUMN=VALUE, all must hold
};

std::vector<std::pair<std::string, std::string>> where_conditions(const std::vector<std::string>& where)
{
  std::vector<std::pair<std::string, std::string>> conditions;
  for (const auto& text : where) {
    const auto equals = text.find('=');
    if (equals == std::string::npos || equals == 0)
      throw std::invalid_argument("--where '" + text + "' is not of the form COLUMN=VALUE");
    conditions.emplace_back(text.substr(0, equals), text.substr(equals + 1));
  }
  return conditions;
}

// The columns that say what a row measured: a sweep's parameters (its columns from "platform" to
// "simgrid": the generator's, the scheduler, size, slices, port, members, SimGrid settings), or in
// other results the usual ones. Repetitions and seeds are meant to be averaged.
std::vector<std::string> parameter_columns(const ResultsTable& table)
{
  const auto& columns = table.columns();
  const auto first = std::find(columns.begin(), columns.end(), "platform");
  const auto last = std::find(columns.begin(), columns.end(), "simgrid");
  if (first != columns.end() && last != columns.end() && first < last)
    return {first, last + 1};
  std::vector<std::string> usual;
  for (const char* name : {"platform", "scheduler", "message_bytes", "slices", "port", "member_fraction", "model"})
    if (table.find_column(name))
      usual.push_back(name);
  return usual;
}

// Each point is a mean over the rows sharing x (and --by): rows that differ in a parameter the
// figure does not show are averaged together, which a figure must not do silently.
void warn_about_mixed_rows(const ResultsTable& table, const SeriesRequest& request, std::ostream& err)
{
  const auto status = table.find_column("status");
  std::vector<std::string> mixed;
  for (const auto& name : parameter_columns(table)) {
    if (name == request.x_column || name == request.by_column)
      continue;
    const std::size_t column = table.column(name);
    std::set<std::string> values;
    for (std::size_t row = 0; row < table.row_count(); ++row)
      if (!status || table.cell(row, *status) == "ok" || table.cell(row, *status).empty())
        values.insert(table.cell(row, column));
    if (values.size() > 1) {
      std::vector<std::string> shown(values.begin(), values.end());
      if (shown.size() > 4) {
        shown.resize(3);
        shown.push_back("...");
      }
      mixed.push_back(fmt::format("{} ({} values: {})", name, values.size(), fmt::join(shown, ", ")));
    }
  }
  if (!mixed.empty())
    err << fmt::format("hbcast: warning: each point averages rows that differ in {}: split them with --by or keep "
                       "one with --where COLUMN=VALUE\n",
                       fmt::join(mixed, ", "));
}

void run_plot(const PlotOptions& options, std::ostream& err)
{
  // Checked first: a wrong file name should not wait for the CSV to be read.
  figure_format_of(options.output_path);
  std::vector<NamedPath> outputs{{"-o", options.output_path}};
  if (!options.script_path.empty())
    outputs.push_back({"--script", options.script_path});
  check_outputs(outputs, {{"the results being plotted", options.results_path}});
  SeriesRequest request = options.request;
  request.error_bars = options.error_bars == "ci95" ? ErrorBars::ci95 : ErrorBars::min_max;
  const auto conditions = where_conditions(options.where);
  const ResultsTable table = ResultsTable::read_file(options.results_path).filtered(conditions);
  draw_figure(table, request, figure_kind_of(options.kind), options.title, options.output_path, options.script_path,
              options.where);
  warn_about_mixed_rows(table, request, err);  // after the figure: an error is then the only line
}

}  // namespace

void add_plot_command(CLI::App& app, CommandContext& context)
{
  auto options = std::make_shared<PlotOptions>();
  auto* command = app.add_subcommand(
      "plot", "draw a figure (PNG or SVG, with gnuplot) from a results CSV such as `hbcast sweep` writes");
  command->add_option("results", options->results_path, "results: CSV with a header row, or JSON Lines (.jsonl, as "
                                                        "`sweep --format jsonl` writes); only rows whose status is "
                                                        "'ok' are plotted (all rows if no status column)")
      ->required();
  command->add_option("--x", options->request.x_column,
                      "column on the x axis: numbers give a sorted numeric axis, text a categorical one")
      ->required();
  command->add_option("--y", options->request.y_column,
                      "numeric column to plot: the mean over the rows sharing x (and --by); empty cells "
                      "(not applicable, e.g. a period when atomic) are left out")
      ->required();
  command->add_option("--by", options->request.by_column, "column whose values split the rows into series");
  command->add_option("--where", options->where,
                      "COLUMN=VALUE: plot only the rows with that value (repeatable; all must hold), e.g. "
                      "--where port=one-port --where message_bytes=1e6")
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  command->add_option("--kind", options->kind, "line (default) or bar (clustered histogram)")
      ->check(CLI::IsMember({"line", "bar"}));
  command->add_option("--error", options->error_bars,
                      "error bars: minmax (default) or ci95 (95% confidence interval of the mean, Student t)")
      ->check(CLI::IsMember({"minmax", "ci95"}));
  command->add_option("--title", options->title, "figure title (default: 'METRIC vs X')");
  command->add_option("-o,--output", options->output_path, "figure to write: FILE.png or FILE.svg")->required();
  command->add_option("--script", options->script_path,
                      "also save the gnuplot script (data inline) to FILE, to restyle the figure by hand");
  command->callback([options, &context] {
    run_reporting_errors(context, [&] {
      run_plot(*options, context.err);
      return 0;
    });
  });
}

}  // namespace hbcast::cli
