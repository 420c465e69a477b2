#pragma once
#include <string>

namespace hbcast::cli {

/// Runs `gnuplot` (found on PATH) on `script`, which must write the image on standard output, and
/// stores that image at `output_path` through a temporary file in the same directory renamed over
/// it, so an existing figure is never left half-overwritten. Throws std::runtime_error with one
/// line: "gnuplot not found: install gnuplot-nox", "gnuplot failed: <its first error line>" or
/// "cannot write 'PATH': <reason>".
void run_gnuplot_to_file(const std::string& script, const std::string& output_path);

}  // namespace hbcast::cli
