#pragma once
#include <hbcast/simulation/simulation_report.hpp>

#include <ostream>

namespace hbcast::cli {

/// The "Multi-tree plans" section of simulate's table: for each run that made a plan,
/// its trees, extraction time, the steady-state optimum it packs, the plan's predicted and the
/// simulated throughput, and the best single tree of the same table beside it. Writes nothing
/// when no run made a plan.
void write_multi_tree_section(std::ostream& out, const SimulationReport& report);

}  // namespace hbcast::cli
