#pragma once
#include <hbcast/simulation/simulation_report.hpp>

#include <ostream>

namespace hbcast::cli {

/// Aligned tables for people: makespans, and in pipelined mode periods and throughputs.
void write_report_table(std::ostream& out, const SimulationReport& report);
/// One CSV row per scheduler, columns in a stable order, with a header line.
void write_report_csv(std::ostream& out, const SimulationReport& report);
/// The whole report as one JSON document.
void write_report_json(std::ostream& out, const SimulationReport& report);

}  // namespace hbcast::cli
