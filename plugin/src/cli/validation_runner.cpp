#include <hbcast/cli/validation_runner.hpp>

#include <hbcast/cli/atomic_file.hpp>
#include <hbcast/cli/fnf_guarantees_experiment.hpp>
#include <hbcast/cli/fnf_optimality_experiment.hpp>
#include <hbcast/cli/liu_table1_experiment.hpp>
#include <hbcast/cli/ptas_guarantee_experiment.hpp>
#include <hbcast/cli/lcf_appendix_b_experiment.hpp>
#include <hbcast/cli/lcf_guarantees_experiment.hpp>
#include <hbcast/cli/lcf_tight_example_experiment.hpp>
#include <hbcast/cli/gnuplot_figure.hpp>
#include <hbcast/cli/grid_heuristics_experiment.hpp>
#include <hbcast/cli/gnuplot_runner.hpp>
#include <hbcast/cli/scenario.hpp>
#include <hbcast/cli/sweep_runner.hpp>

#include <fmt/format.h>

#include <chrono>
#include <filesystem>

namespace fs = std::filesystem;

namespace hbcast::cli {
namespace {

std::string draw_figure(const ResultsTable& table, const FigureRequest& request, const std::string& output_directory,
                        const std::string& name)
{
  const SeriesSet set = summarize_series(table, {request.x, request.y, request.by, ErrorBars::min_max});
  const FigureKind kind = request.kind == "bar" ? FigureKind::bar : FigureKind::line;
  const std::string relative = "figures/" + name + ".png";
  run_gnuplot_to_file(GnuplotFigure(set, kind, request.title).script(FigureFormat::png, std::nullopt),
                      (fs::path(output_directory) / relative).string());
  return relative;
}

std::string escape_cell(const std::string& text)
{
  std::string escaped;
  for (char c : text)
    escaped += c == '|' ? std::string("\\|") : std::string(1, c);
  return escaped;
}

}  // namespace

CaseResult run_validation_case(const ValidationCase& validation_case, const std::string& output_directory,
                               std::size_t workers, std::ostream& progress)
{
  const auto start = std::chrono::steady_clock::now();
  CaseResult result{validation_case, {}, {}, "results/" + validation_case.id + ".csv", 0.0};
  fs::create_directories(fs::path(output_directory) / "results");
  fs::create_directories(fs::path(output_directory) / "figures");
  const std::string results_path = (fs::path(output_directory) / result.results).string();
  if (validation_case.kind == "fnf-optimality") {
    result.checks = run_fnf_optimality(validation_case.parameters, validation_case.path, results_path);
  } else if (validation_case.kind == "fnf-guarantees") {
    result.checks = run_fnf_guarantees(validation_case.parameters, validation_case.path, results_path);
  } else if (validation_case.kind == "liu-table1") {
    result.checks = run_liu_table1(validation_case.parameters, validation_case.path, results_path);
  } else if (validation_case.kind == "ptas-guarantee") {
    result.checks = run_ptas_guarantee(validation_case.parameters, validation_case.path, results_path);
  } else if (validation_case.kind == "grid-heuristics") {
    result.checks = run_grid_heuristics(validation_case.parameters, validation_case.path, results_path);
    const ResultsTable table = ResultsTable::read_file(results_path);
    for (std::size_t k = 0; k < validation_case.figures.size(); ++k)
      result.figures.push_back(
          draw_figure(table, validation_case.figures[k], output_directory, fmt::format("{}-{}", validation_case.id, k + 1)));
  } else if (validation_case.kind == "lcf-guarantees") {
    result.checks = run_lcf_guarantees(validation_case.parameters, validation_case.path, results_path);
  } else if (validation_case.kind == "lcf-tight-example") {
    result.checks = run_lcf_tight_example(validation_case.parameters, validation_case.path, results_path);
  } else if (validation_case.kind == "lcf-appendix-b") {
    result.checks = run_lcf_appendix_b(validation_case.parameters, validation_case.path, results_path);
  } else {
    const Scenario scenario = scenario_from_yaml(validation_case.scenario, validation_case.path);
    fs::remove(results_path);  // our own output of an earlier run
    fs::remove(results_path + ".wall.csv");
    SweepOptions options;
    options.output = results_path;
    options.workers = workers;
    run_sweep(scenario, options, progress);
    const ResultsTable table = ResultsTable::read_file(results_path);
    result.checks = evaluate_checks(table, validation_case.expectations, validation_case.path);
    for (std::size_t k = 0; k < validation_case.figures.size(); ++k)
      result.figures.push_back(
          draw_figure(table, validation_case.figures[k], output_directory, fmt::format("{}-{}", validation_case.id, k + 1)));
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

void write_validation_report(const std::vector<CaseResult>& results, const std::string& output_directory, bool full)
{
  std::string report = "# hbcast validation report\n\n";
  report += fmt::format("Written by `hbcast validate{}`: {}. Every number below is computed by the code from the "
                        "case's inputs; a published figure sits beside it, never in its place.\n\n",
                        full ? " --full" : "", full ? "published sizes" : "fast forms (the ones ctest runs)");
  report += "| case | source | checks passed | failed | reported | time (s) |\n|---|---|---|---|---|---|\n";
  for (const auto& result : results) {
    std::size_t passed = 0, failed = 0, reported = 0;
    for (const auto& check : result.checks)
      (check.verdict == Verdict::pass ? passed : check.verdict == Verdict::fail ? failed : reported)++;
    report += fmt::format("| [{}](#{}) | {} | {} | {} | {} | {:.1f} |\n", result.validation_case.id,
                          result.validation_case.id, escape_cell(result.validation_case.source), passed, failed,
                          reported, result.seconds);
  }
  for (const auto& result : results) {
    const auto& validation_case = result.validation_case;
    report += fmt::format("\n<a id=\"{}\"></a>\n## {}\n\n", validation_case.id, validation_case.title);
    report += fmt::format("Source: {}. Case file: `validation/cases/{}.yaml`; raw results: `{}` (written by the run).\n\n",
                          validation_case.source, validation_case.id, result.results);
    report += "| check | measured | published | verdict |\n|---|---|---|---|\n";
    for (const auto& check : result.checks)
      report += fmt::format("| {} | {} | {} | {} |\n", escape_cell(check.description), escape_cell(check.measured),
                            escape_cell(check.published), to_string(check.verdict));
    for (const auto& check : result.checks)
      if (!check.table.empty())
        report += "\n" + check.description + ":\n\n" + check.table;
    for (const auto& figure : result.figures)
      report += fmt::format("\n![{}]({})\n", validation_case.title, figure);
  }
  write_file_atomically((fs::path(output_directory) / "REPORT.md").string(), report);
}

}  // namespace hbcast::cli
