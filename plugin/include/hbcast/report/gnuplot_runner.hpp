#pragma once
#include <hbcast/report/gnuplot_figure.hpp>
#include <hbcast/report/results_table.hpp>
#include <hbcast/report/series_statistics.hpp>

#include <string>
#include <vector>

namespace hbcast::cli {

/// Runs `gnuplot` (found on PATH) on `script`, which must write the image on standard output, and
/// once gnuplot succeeded stores that image at `output_path` (write_file_atomically), so an
/// existing figure is never left half-overwritten. Throws std::runtime_error with one
/// line: "gnuplot not found: install gnuplot-nox", "gnuplot failed: <its first error line>" or
/// "cannot write 'PATH': <reason>".
void run_gnuplot_to_file(const std::string& script, const std::string& output_path);

/// Draws the series `request` asks of `table` as a `kind` figure into `output_path` (PNG or SVG,
/// by its extension). With `script_path`, the script is saved there first (it is there to debug
/// with if gnuplot fails), writing to `output_path` itself.
/// `where`: the filters the table went through, for the title.
void draw_figure(const ResultsTable& table, const SeriesRequest& request, FigureKind kind, const std::string& title,
                 const std::string& output_path, const std::string& script_path = "",
                 const std::vector<std::string>& where = {});

}  // namespace hbcast::cli
