#include <hbcast/simulation/calibration_run.hpp>

#include <hbcast/calibration/fit_report_writer.hpp>
#include <hbcast/platform/calibrated_platform_xml_writer.hpp>
#include <hbcast/util/atomic_file.hpp>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace hbcast::cli {
namespace {

std::string read_input(const std::string& path)
{
  std::error_code error;
  if (std::filesystem::is_directory(path, error))
    throw std::runtime_error("'" + path + "' is a directory, not a measurement file");
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw std::runtime_error("cannot read '" + path + "': " + std::strerror(errno));
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

bool same_file(const std::string& a, const std::string& b)
{
  std::error_code error;
  if (std::filesystem::exists(a, error) && std::filesystem::exists(b, error))
    return std::filesystem::equivalent(a, b, error);
  return std::filesystem::weakly_canonical(a, error) == std::filesystem::weakly_canonical(b, error);
}

}  // namespace

std::string beside(const std::string& platform, const std::string& extension)
{
  const std::string stem = platform.size() > 4 && platform.substr(platform.size() - 4) == ".xml"
                               ? platform.substr(0, platform.size() - 4)
                               : platform;
  return stem + extension;
}

CalibrateOutcome run_calibration(CalibrateRequest request)
{
  if (request.inputs.empty())
    throw std::invalid_argument("no measurement file given");
  if (request.platform.empty())
    throw std::invalid_argument("no output platform given (-o FILE.xml)");
  if (request.config.empty())
    request.config = beside(request.platform, ".cfg");
  if (request.report.empty())
    request.report = beside(request.platform, ".report.md");
  if (request.residuals.empty())
    request.residuals = beside(request.platform, ".residuals.csv");
  std::optional<calibration::InputFormat> format;
  if (request.format != "auto") {
    format = calibration::parse_input_format(request.format);
    if (!format)
      throw std::invalid_argument("unknown --format '" + request.format + "' (auto, hbcast-probe, osu, imb, mpigraph)");
  }
  const std::vector<std::string> outputs = {request.platform, request.config, request.report, request.residuals};
  for (std::size_t k = 0; k < outputs.size(); ++k) {
    for (const auto& input : request.inputs)
      if (same_file(outputs[k], input))
        throw std::invalid_argument("output '" + outputs[k] + "' is the input '" + input +
                                    "': it would be overwritten");
    for (std::size_t j = k + 1; j < outputs.size(); ++j)
      if (same_file(outputs[k], outputs[j]))
        throw std::invalid_argument("two outputs are the same file '" + outputs[k] + "'");
    check_output_path(outputs[k]);
  }
  calibration::MeasurementSet all;
  calibration::ReadOptions read_options{request.hosts};
  for (const auto& input : request.inputs)
    all.merge(calibration::read_measurements(read_input(input), input, format, read_options));
  CalibrateOutcome outcome;
  outcome.calibration = calibration::fit_network(all, request.fit);
  CalibratedPlatformOptions platform_options;
  platform_options.homogeneous_tolerance = request.homogeneous_tolerance;
  platform_options.provenance = request.provenance;
  platform_options.provenance.push_back("Factors: " + request.config + "; fit report: " + request.report + ".");
  write_file_atomically(request.platform, calibrated_platform_xml(outcome.calibration.network, platform_options));
  write_file_atomically(request.config, calibrated_config(outcome.calibration.network.factors));
  write_file_atomically(request.report, calibration::fit_report_markdown(outcome.calibration));
  write_file_atomically(request.residuals, calibration::residuals_csv(outcome.calibration));
  outcome.written = outputs;
  return outcome;
}

}  // namespace hbcast::cli
