#include <hbcast/simulation/size_factor_config.hpp>

#include <fstream>
#include <stdexcept>

namespace hbcast::cli {

SizeFactorConfig split_size_factors(const std::vector<std::string>& user_config)
{
  SizeFactorConfig result;
  std::optional<calibration::PiecewiseFactor> latency, bandwidth;
  std::vector<std::string> origins;
  bool smpi_model = false;
  for (const auto& entry : user_config) {
    const auto colon = entry.find(':');
    const std::string key = entry.substr(0, colon);
    const std::string value = colon == std::string::npos ? "" : entry.substr(colon + 1);
    const bool piecewise = value.find(':') != std::string::npos;
    if (key == "network/model")
      smpi_model = value == "SMPI";
    const bool latency_key = key == "smpi/lat-factor" || (key == "network/latency-factor" && piecewise);
    const bool bandwidth_key = key == "smpi/bw-factor" || (key == "network/bandwidth-factor" && piecewise);
    if (!latency_key && !bandwidth_key) {
      result.simgrid_config.push_back(entry);
      continue;
    }
    try {
      (latency_key ? latency : bandwidth) = calibration::PiecewiseFactor::parse(value);
    } catch (const std::invalid_argument& error) {
      throw std::invalid_argument("--cfg=" + entry + ": " + error.what());
    }
    origins.push_back(key);
  }
  if (latency || bandwidth || smpi_model) {
    const auto defaults = calibration::smpi_default_factors();
    calibration::NetworkFactors factors;
    factors.latency = latency.value_or(smpi_model ? defaults.latency : calibration::PiecewiseFactor());
    factors.bandwidth = bandwidth.value_or(smpi_model ? defaults.bandwidth : calibration::PiecewiseFactor());
    result.factors = factors;
    result.origin = origins.empty() ? "SMPI's defaults under network/model:SMPI" : "";
    for (const auto& origin : origins)
      result.origin += (result.origin.empty() ? "" : ", ") + origin;
    if (smpi_model && origins.size() < 2)
      result.origin += origins.empty() ? "" : " (SMPI's default for the other)";
    result.simgrid_config.push_back("smpi/lat-factor:0:1");
    result.simgrid_config.push_back("smpi/bw-factor:0:1");
  }
  return result;
}

std::vector<std::string> read_cfg_file(const std::string& path)
{
  std::ifstream in(path);
  if (!in)
    throw std::runtime_error("cannot read --cfg-file '" + path + "'");
  std::vector<std::string> settings;
  std::string line;
  for (std::size_t number = 1; std::getline(in, line); ++number) {
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t'))
      line.pop_back();
    const auto first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#')
      continue;
    line = line.substr(first);
    if (line.rfind("--cfg=", 0) == 0)
      line = line.substr(6);
    if (line.find(':') == std::string::npos || line[0] == '-')
      throw std::runtime_error(path + ":" + std::to_string(number) + ": not a setting --cfg=key:value");
    settings.push_back(line);
  }
  return settings;
}

}  // namespace hbcast::cli
