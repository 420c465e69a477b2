#include <hbcast/simulation/mpi_baselines.hpp>

#include <hbcast/simulation/smpi_run.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace hbcast::cli {

std::vector<MpiBaseline> run_mpi_baselines(const std::string& platform, const std::vector<std::string>& hosts,
                                           const std::string& root, double message_bytes,
                                           const std::vector<std::string>& algorithms,
                                           const std::vector<std::string>& simgrid_config)
{
  const auto root_rank = std::find(hosts.begin(), hosts.end(), root) - hosts.begin();
  if (message_bytes > 2147483647.0)
    throw std::invalid_argument("--mpi-baselines broadcasts MPI_BYTEs with an int count: at most 2 GiB - 1");
  smpi_timing_program();  // fails once, up front, when the program was not built
  std::vector<MpiBaseline> baselines;
  for (const auto& algorithm : algorithms) {
    MpiBaseline baseline{algorithm, std::nullopt, ""};
    std::vector<std::string> config = simgrid_config;
    config.push_back("smpi/bcast:" + algorithm);
    try {
      baseline.simulated = run_smpi_timing({platform, hosts, config,
                                            {"--root", std::to_string(root_rank), "--bytes",
                                             fmt::format("{:.0f}", message_bytes)}});
    } catch (const std::runtime_error& error) {
      baseline.error = error.what();
    }
    baselines.push_back(std::move(baseline));
  }
  return baselines;
}

}  // namespace hbcast::cli
