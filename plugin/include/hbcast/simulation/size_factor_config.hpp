#pragma once
#include <hbcast/calibration/network_factors.hpp>

#include <optional>
#include <string>
#include <vector>

namespace hbcast::cli {

/// SMPI's size factors among simulate's --cfg settings, and what goes to SimGrid instead.
struct SizeFactorConfig {
  /// smpi/lat-factor, smpi/bw-factor (or their later names network/latency-factor and
  /// network/bandwidth-factor given as SIZE:FACTOR;...), or SMPI's defaults under
  /// network/model:SMPI; none when the settings name no size factor.
  std::optional<calibration::NetworkFactors> factors;
  std::string origin;                     ///< which settings gave them
  std::vector<std::string> simgrid_config;  ///< the settings for SimGrid: factor keys neutral (0:1)
};

/// hbcast applies size factors itself, to every link at the transfer size (scale_links), so that
/// its predictions, its link models and its replay all see them; SimGrid then gets unit factors.
/// As SMPI 3.32 does for messages of one size (calibration/network_factors.hpp). Throws
/// std::invalid_argument on a malformed factor.
SizeFactorConfig split_size_factors(const std::vector<std::string>& user_config);

/// The --cfg settings of a file (hbcast calibrate's FILE.cfg): one per line, "--cfg=key:value" or
/// "key:value"; blank lines and lines starting with '#' skipped. Throws std::runtime_error naming
/// the file (and line) when it cannot be read or a line is neither.
std::vector<std::string> read_cfg_file(const std::string& path);

}  // namespace hbcast::cli
