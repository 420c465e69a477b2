#pragma once
#include <hbcast/simulation/plan_simulation.hpp>

#include <optional>
#include <ostream>
#include <string>

namespace hbcast::cli {

/// A plan run three ways on one platform: hbcast's prediction, hbcast's replay, and the same
/// plan executed by libhbcast_mpi in SMPI.
struct SmpiComparison {
  std::string platform;
  std::string plan_path;
  std::string scheduler;
  std::string root;
  std::string port;
  std::string form = "concurrent";  ///< a multi-tree plan's form (BroadcastPlan::form)
  std::size_t hosts = 0;
  std::size_t slices = 1;
  double message_bytes = 0.0;   ///< what the MPI program broadcasts
  double modeled_bytes = 0.0;   ///< what hbcast predicts and replays: + SMPI's envelope per slice
  bool even_slices = true;      ///< message_bytes divisible by the slices (else they differ by a byte)
  PlanFigures hbcast;
  double smpi = 0.0;
};

/// Runs the comparison: hbcast's figures in a child process (one engine each), then smpirun on
/// the timing program. `platform` empty: the plan's own; `size` absent: the plan's.
SmpiComparison compare_plan_in_smpi(const std::string& platform, const std::string& plan_path,
                                    std::optional<double> size);

void write_smpi_comparison_table(std::ostream& out, const SmpiComparison& comparison);
void write_smpi_comparison_json(std::ostream& out, const SmpiComparison& comparison);

}  // namespace hbcast::cli
