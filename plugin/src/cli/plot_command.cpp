#include <hbcast/cli/commands.hpp>
#include <hbcast/report/gnuplot_figure.hpp>
#include <hbcast/report/gnuplot_runner.hpp>
#include <hbcast/report/results_table.hpp>
#include <hbcast/report/series_statistics.hpp>

#include <CLI/CLI.hpp>

#include <memory>
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
};

void run_plot(const PlotOptions& options)
{
  // Checked first: a wrong file name should not wait for the CSV to be read.
  figure_format_of(options.output_path);
  SeriesRequest request = options.request;
  request.error_bars = options.error_bars == "ci95" ? ErrorBars::ci95 : ErrorBars::min_max;
  draw_figure(ResultsTable::read_file(options.results_path), request, figure_kind_of(options.kind), options.title,
              options.output_path, options.script_path);
}

}  // namespace

void add_plot_command(CLI::App& app, CommandContext& context)
{
  auto options = std::make_shared<PlotOptions>();
  auto* command = app.add_subcommand(
      "plot", "draw a figure (PNG or SVG, with gnuplot) from a results CSV such as `hbcast sweep` writes");
  command->add_option("results", options->results_path, "results CSV with a header row; only rows whose "
                                                        "status is 'ok' are plotted (all rows if no status column)")
      ->required();
  command->add_option("--x", options->request.x_column,
                      "column on the x axis: numbers give a sorted numeric axis, text a categorical one")
      ->required();
  command->add_option("--y", options->request.y_column,
                      "numeric column to plot: the mean over the rows sharing x (and --by); empty cells "
                      "(not applicable, e.g. a period when atomic) are left out")
      ->required();
  command->add_option("--by", options->request.by_column, "column whose values split the rows into series");
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
      run_plot(*options);
      return 0;
    });
  });
}

}  // namespace hbcast::cli
