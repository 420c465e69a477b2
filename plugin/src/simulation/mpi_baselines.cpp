#include <hbcast/simulation/mpi_baselines.hpp>

#include <hbcast/simulation/interruption.hpp>
#include <hbcast/simulation/smpi_run.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace hbcast::cli {

std::optional<std::string> mpi_baseline_not_applicable(const std::string& algorithm, std::size_t ranks)
{
  // With one rank per host every rank leads an "SMP node" of one: each segment goes twice to the
  // next rank (as inter- and as intra-node send), which receives it once, and under hbcast's
  // synchronous sends (smpi/send-is-detached-thresh:0) the second send never completes.
  if (algorithm == "SMP_linear" && ranks > 1)
    return std::string("SMPI 3.32's SMP_linear needs several ranks per host: with one, each rank sends every "
                       "segment twice to the next, which receives it once, and the second synchronous send "
                       "deadlocks");
  return std::nullopt;
}

namespace {

// SMPI's own message, with what is known of the algorithm's failure in SMPI 3.32.
std::string explained_failure(const std::string& algorithm, const std::string& error)
{
  if (algorithm == "arrival_pattern_aware" && error.find("Deadlock") != std::string::npos)
    return "SMPI 3.32's arrival_pattern_aware deadlocked, as it does on some platforms when the message is not a "
           "whole number of its 8 KiB segments (" + error + ")";
  return error;
}

}  // namespace

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
    MpiBaseline baseline{algorithm, std::nullopt, "", "ok"};
    if (const int signal = pending_interruption()) {
      baseline.status = "interrupted";
      baseline.error = "not run: interrupted by " + signal_name(signal);
    } else if (auto reason = mpi_baseline_not_applicable(algorithm, hosts.size())) {
      baseline.status = "not-applicable";
      baseline.error = *reason;
    } else {
      std::vector<std::string> config = simgrid_config;
      config.push_back("smpi/bcast:" + algorithm);
      try {
        baseline.simulated = run_smpi_timing({platform, hosts, config,
                                              {"--root", std::to_string(root_rank), "--bytes",
                                               fmt::format("{:.0f}", message_bytes)},
                                              [] { return pending_interruption() != 0; },
                                              true});
      } catch (const SmpiStopped&) {
        baseline.status = "interrupted";
        baseline.error = "stopped by " + signal_name(pending_interruption());
      } catch (const std::runtime_error& error) {
        baseline.status = "failed";
        baseline.error = explained_failure(algorithm, error.what());
      }
    }
    baselines.push_back(std::move(baseline));
  }
  return baselines;
}

}  // namespace hbcast::cli
