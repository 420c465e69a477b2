#pragma once
// Results files as hbcast reads them back: `hbcast plot` (ResultsTable), `sweep --resume` and
// `merge` (read_result_lines, the rows checked against the scenario, each row's status), for one
// fixed scenario whose rows the seed corpus holds (plugin/fuzz/corpus/results_*/).
// Properties: anything else is refused with one line naming the file; a table that reads writes
// back, as hbcast writes results, into text that reads as the same table.

#include "fuzz_input.hpp"

#include <hbcast/report/results_table.hpp>
#include <hbcast/sweep/results_check.hpp>
#include <hbcast/sweep/results_journal.hpp>
#include <hbcast/sweep/scenario.hpp>
#include <hbcast/sweep/sweep_point.hpp>
#include <hbcast/sweep/sweep_row.hpp>

#include <yaml-cpp/yaml.h>

#include <exception>
#include <string>
#include <string_view>
#include <vector>

namespace hbcast::fuzz {

/// The scenario the corpus rows belong to: 2 schedulers x 2 sizes x 2 slice counts x 2 ports on
/// a generated 6-host platform (no file to read).
inline const cli::Scenario& results_scenario()
{
  static const cli::Scenario scenario = cli::scenario_from_yaml(YAML::Load(R"(
name: fuzz
platform: {generator: random, parameters: {nodes: 6, density: 0.5}}
schedulers: [flat, fnf]
sizes: [1MiB, 4MiB]
slices: [1, 4]
port: [one, multi]
seed: 7
)"),
                                                                "fuzz.yaml");
  return scenario;
}

inline void check_same_table(const cli::ResultsTable& a, const cli::ResultsTable& b, const std::string& what)
{
  bool same = a.columns() == b.columns() && a.row_count() == b.row_count();
  for (std::size_t row = 0; same && row < a.row_count(); ++row)
    for (std::size_t column = 0; same && column < a.columns().size(); ++column)
      same = a.cell(row, column) == b.cell(row, column);
  if (!same)
    violated("a results table written back " + what + " reads as another table");
}

/// What `sweep --resume` and `merge` do with a results file of `format`.
inline void resume_and_merge(const std::string& path, const std::string& format_name)
{
  const cli::Scenario& scenario = results_scenario();
  static const std::vector<cli::SweepPoint> points = cli::expand_scenario(scenario);
  const cli::RowFormat format(format_name);
  const std::string header = format.header(scenario);
  try {
    const auto lines = cli::read_result_lines(path, format, header);
    cli::check_rows_match(path, lines, format, header, scenario, points);
    for (const auto& line : lines)
      cli::row_status(line, format, header);
  } catch (const std::exception& error) {
    check_refusal(error, path);
  }
}

}  // namespace hbcast::fuzz
