#pragma once
#include <hbcast/simulation/simulation_report.hpp>

#include <string>
#include <vector>

namespace hbcast::cli {

/// SMPI's own MPI_Bcast `algorithms` (default: every one SMPI 3.32 has), each run once by the
/// timing program on `platform` with rank r on hosts[r], broadcasting `message_bytes` from
/// `root`, with SMPI's exact-mode settings, then the user's `simgrid_config` (key:value, as for
/// hbcast's replay). An algorithm that fails is a baseline with its error.
std::vector<MpiBaseline> run_mpi_baselines(const std::string& platform, const std::vector<std::string>& hosts,
                                           const std::string& root, double message_bytes,
                                           const std::vector<std::string>& algorithms,
                                           const std::vector<std::string>& simgrid_config = {});

}  // namespace hbcast::cli
