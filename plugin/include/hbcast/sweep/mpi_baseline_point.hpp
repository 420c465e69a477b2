#pragma once
#include <hbcast/sweep/scenario.hpp>
#include <hbcast/sweep/sweep_point.hpp>
#include <hbcast/sweep/sweep_row.hpp>

namespace hbcast::cli {

/// Runs an MPI baseline point (is_mpi_baseline): SMPI's MPI_Bcast algorithm on the point's
/// platform, hosts in hbcast's rank order, the point's root and size. SMPI's
/// failure is the row's ("failed" and its first line), never an exception. Loads the platform in
/// a SimGrid engine to list the hosts: one call per process.
SweepRow run_mpi_baseline_point(const Scenario& scenario, const SweepPoint& point);

}  // namespace hbcast::cli
