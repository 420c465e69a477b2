#pragma once
#include <functional>
#include <string>
#include <vector>

namespace hbcast::cli {

/// `hbcast probe --smpi PLATFORM -o FILE.csv`: hbcast-probe (compiled with smpicxx) run by smpirun
/// on a platform, one rank per host in the platform's host order.
struct SmpiProbeRequest {
  std::string platform;
  std::string output;                        ///< the CSV
  std::vector<std::string> probe_arguments;  ///< hbcast-probe's own options
  bool smpi_default_factors = false;         ///< keep SMPI's size factors (else exact mode, factors 1)
  std::vector<std::string> config;           ///< more --cfg key:value for smpirun
};

/// SMPI's settings for the probe: hbcast's exact mode (smpi_exact_settings), or, with SMPI's
/// default factors, the same but for network/model:SMPI and no smpi/lat-factor, smpi/bw-factor.
std::vector<std::string> probe_smpi_settings(bool smpi_default_factors);

/// The probe program: $HBCAST_SMPI_PROBE, the build tree's, or the installed one. Throws
/// std::runtime_error when none exists.
std::string smpi_probe_program();

/// The platform's host names, in its order (loaded in a child process).
std::vector<std::string> platform_host_names(const std::string& platform);

/// Runs the probe: first with --dry-run, whose plan and estimate go to `progress` before the run
/// starts, then for real; returns the probe's own messages. Throws std::runtime_error with
/// SMPI's first error line when smpirun fails.
std::string run_probe_in_smpi(const SmpiProbeRequest& request, const std::function<void(const std::string&)>& progress);

}  // namespace hbcast::cli
