#include <hbcast/experiments/validation_runner.hpp>

#include <hbcast/experiments/validation_experiments.hpp>
#include <hbcast/report/gnuplot_runner.hpp>
#include <hbcast/sweep/scenario.hpp>
#include <hbcast/sweep/sweep_runner.hpp>
#include <hbcast/util/atomic_file.hpp>

#include <fmt/format.h>

#include <chrono>
#include <filesystem>

namespace fs = std::filesystem;

namespace hbcast::cli {
namespace {

// The case's figures, drawn from its results as PNG files named ID-1.png, ID-2.png, ...
std::vector<std::string> draw_case_figures(const ValidationCase& validation_case, const std::string& results_path,
                                           const std::string& output_directory)
{
  std::vector<std::string> figures;
  if (validation_case.figures.empty())
    return figures;
  const ResultsTable table = ResultsTable::read_file(results_path);
  for (const auto& request : validation_case.figures) {
    const std::string relative = fmt::format("figures/{}-{}.png", validation_case.id, figures.size() + 1);
    draw_figure(table, {request.x, request.y, request.by, ErrorBars::min_max}, figure_kind_of(request.kind),
                request.title, (fs::path(output_directory) / relative).string());
    figures.push_back(relative);
  }
  return figures;
}

std::vector<CheckResult> run_sweep_case(const ValidationCase& validation_case, const std::string& results_path,
                                        std::size_t workers, std::ostream& progress)
{
  const Scenario scenario = scenario_from_yaml(validation_case.scenario, validation_case.path);
  fs::remove(results_path);  // our own output of an earlier run
  fs::remove(results_path + ".wall.csv");
  SweepOptions options;
  options.output = results_path;
  options.workers = workers;
  run_sweep(scenario, options, progress);
  return evaluate_checks(ResultsTable::read_file(results_path), validation_case.expectations, validation_case.path);
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
  if (const ValidationExperiment experiment = find_validation_experiment(validation_case.kind))
    result.checks = apply_known_gaps(experiment(validation_case.parameters, validation_case.path, results_path),
                                     validation_case.expectations, validation_case.path);
  else
    result.checks = run_sweep_case(validation_case, results_path, workers, progress);
  result.figures = draw_case_figures(validation_case, results_path, output_directory);
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

void write_validation_report(const std::vector<CaseResult>& results, const std::string& output_directory, bool full)
{
  std::string report = "# hbcast validation report\n\n";
  report += fmt::format("Written by `hbcast validate{}`: {}. Every number below is computed by the code from the "
                        "case's inputs; a published figure sits beside it, never in its place.\n\n",
                        full ? " --full" : "", full ? "published sizes" : "fast forms (the ones ctest runs)");
  report += "A FAIL (known gap) is a claim not met today, listed with its reason (docs/known-gaps.md); a REPORT "
            "gives no verdict and says why.\n\n";
  report += "| case | source | checks passed | failed | known gaps | reported | time (s) |\n"
            "|---|---|---|---|---|---|---|\n";
  for (const auto& result : results) {
    std::size_t passed = 0, failed = 0, gaps = 0, reported = 0;
    for (const auto& check : result.checks)
      (check.verdict == Verdict::pass ? passed
       : check.known_gap              ? gaps
       : check.verdict == Verdict::fail ? failed
                                        : reported)++;
    report += fmt::format("| [{}](#{}) | {} | {} | {} | {} | {} | {:.1f} |\n", result.validation_case.id,
                          result.validation_case.id, escape_cell(result.validation_case.source), passed, failed, gaps,
                          reported, result.seconds);
  }
  for (const auto& result : results) {
    const auto& validation_case = result.validation_case;
    report += fmt::format("\n<a id=\"{}\"></a>\n## {}\n\n", validation_case.id, validation_case.title);
    report += fmt::format("Source: {}. Case file: `validation/cases/{}.yaml`; raw results: `{}` (written by the run).\n\n",
                          validation_case.source, validation_case.id, result.results);
    report += "| check | measured | published | verdict | why |\n|---|---|---|---|---|\n";
    for (const auto& check : result.checks)
      report += fmt::format("| {} | {} | {} | {} | {} |\n", escape_cell(check.description), escape_cell(check.measured),
                            escape_cell(check.published), verdict_text(check), escape_cell(check.note));
    for (const auto& check : result.checks)
      if (!check.table.empty())
        report += "\n" + check.description + ":\n\n" + check.table;
    for (const auto& figure : result.figures)
      report += fmt::format("\n![{}]({})\n", validation_case.title, figure);
  }
  write_file_atomically((fs::path(output_directory) / "REPORT.md").string(), report);
}

}  // namespace hbcast::cli
