#pragma once
#include <hbcast/simulation/simulation_report.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace hbcast::cli {

/// Why SMPI 3.32 cannot run `algorithm` with one rank on each of `ranks` hosts under hbcast's
/// settings, or nullopt: such an algorithm is reported with the reason, not run.
std::optional<std::string> mpi_baseline_not_applicable(const std::string& algorithm, std::size_t ranks);

/// SMPI's own MPI_Bcast `algorithms` (default: every one SMPI 3.32 has), each run once by the
/// timing program on `platform` with rank r on hosts[r], broadcasting `message_bytes` from
/// `root`, with SMPI's exact-mode settings, then the user's `simgrid_config` (key:value, as for
/// hbcast's replay). An algorithm that fails is a baseline with status "failed" and its error, one
/// SMPI cannot run here (mpi_baseline_not_applicable) "not-applicable". A SIGINT or SIGTERM (under an
/// InterruptionGuard) ends the running smpirun and marks it and the rest "interrupted".
std::vector<MpiBaseline> run_mpi_baselines(const std::string& platform, const std::vector<std::string>& hosts,
                                           const std::string& root, double message_bytes,
                                           const std::vector<std::string>& algorithms,
                                           const std::vector<std::string>& simgrid_config = {});

}  // namespace hbcast::cli
