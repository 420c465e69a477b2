#pragma once
#include <hbcast/simulation/simulate_options.hpp>
#include <hbcast/sweep/scenario.hpp>
#include <hbcast/sweep/sweep_point.hpp>

namespace hbcast::cli {

/// The `simulate` options of one sweep point (root, size, slices, port, members, --cfg, LP
/// bound), all but the platform, which the caller provides as a file or in memory.
SimulateOptions point_options(const Scenario& scenario, const SweepPoint& point);

}  // namespace hbcast::cli
