#pragma once
#include <hbcast/simulation/simulation_report.hpp>

#include <string>

namespace hbcast::cli {

/// `simulate --gantt FILE.svg|png`: one Gantt chart per scheduler run that carries its transfers
/// (FILE, or FILE with the scheduler's name inserted before the extension when `several` were requested),
/// drawn by gnuplot; the title gives the simulated and predicted makespans and the worst
/// over-subscribed shared link.
void write_gantt_files(const SimulationReport& report, const std::string& path, bool several);

/// Refuses, with a one-line std::invalid_argument, a --gantt path gnuplot cannot write (not .svg
/// or .png) or a pipelined run (the chart shows atomic transfers).
void check_gantt_request(const std::string& path, std::size_t slices);


}  // namespace hbcast::cli
