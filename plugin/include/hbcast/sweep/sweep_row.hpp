#pragma once
#include <hbcast/simulation/simulation_report.hpp>
#include <hbcast/sweep/sweep_point.hpp>

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace hbcast::cli {

/// One result row, columns in a stable order: the point's parameters and seed, then the
/// predictions and the simulation, then the status. Wall time is not in it (rows of the same
/// scenario and seed are byte-identical from run to run); it goes to a separate file.
using SweepRow = nlohmann::ordered_json;

/// The columns that say which point a row is: its id, the scenario's name and fingerprint, the
/// platform, every parameter, the repetition and the seed. A stored row must repeat them.
SweepRow point_columns(const Scenario& scenario, const SweepPoint& point);
/// The row of a point that ran; `report` holds its single scheduler run.
SweepRow completed_row(const Scenario& scenario, const SweepPoint& point, const SimulationReport& report);
/// The row of an MPI baseline point (is_mpi_baseline) that ran: SMPI's simulated time (which
/// includes SMPI's 16-byte envelope per message), no prediction.
SweepRow mpi_baseline_row(const Scenario& scenario, const SweepPoint& point, const std::string& root,
                          std::size_t hosts, double simulated_seconds);
/// The row of a point that failed ("failed") or ran out of time ("timeout").
SweepRow failed_row(const Scenario& scenario, const SweepPoint& point, const std::string& status,
                    const std::string& error);

/// How rows are stored: CSV (a header line, then one line per row) or JSON Lines.
class RowFormat {
public:
  explicit RowFormat(std::string name);  ///< "csv" or "jsonl"
  const std::string& name() const { return name_; }
  /// The header line for the rows of `scenario` (empty for JSON Lines).
  std::string header(const Scenario& scenario) const;
  std::string line(const SweepRow& row) const;
  /// The point id a stored line holds; throws std::invalid_argument on a malformed line.
  std::size_t point_of(const std::string& line) const;

private:
  std::string name_;
};

}  // namespace hbcast::cli
