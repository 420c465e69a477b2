#pragma once
#include <hbcast/calibration/measurement_readers.hpp>
#include <hbcast/calibration/network_fit.hpp>

#include <string>
#include <vector>

namespace hbcast::cli {

/// `hbcast calibrate`'s work: measurement files in, a platform, its --cfg file and the fit report out.
struct CalibrateRequest {
  std::vector<std::string> inputs;
  std::string format = "auto";       ///< auto, hbcast-probe, osu, imb, mpigraph
  std::vector<std::string> hosts;    ///< rank names for OSU and IMB
  std::string platform;              ///< FILE.xml
  std::string config;                ///< default FILE.cfg
  std::string report;                ///< default FILE.report.md
  std::string residuals;             ///< default FILE.residuals.csv
  calibration::FitOptions fit;
  double homogeneous_tolerance = 0.01;
  std::vector<std::string> provenance;  ///< the command line, for the platform's header
};

struct CalibrateOutcome {
  calibration::Calibration calibration;
  std::vector<std::string> written;  ///< the files written, platform first
};

/// Reads every input (one-line errors naming FILE:LINE), fits, and writes the four files, each
/// replaced atomically. Refuses an output that is one of the inputs, or two outputs on one path.
CalibrateOutcome run_calibration(CalibrateRequest request);

/// FILE.xml -> FILE.EXTENSION (".cfg", ".report.md", ...).
std::string beside(const std::string& platform, const std::string& extension);

}  // namespace hbcast::cli
