#pragma once
#include <hbcast/calibration/calibrated_network.hpp>
#include <hbcast/calibration/host_grouping.hpp>
#include <hbcast/calibration/measurements.hpp>

#include <optional>
#include <string>
#include <vector>

namespace hbcast::calibration {

struct FitOptions {
  double group_tolerance = kGroupTolerance;
  /// A concurrent test whose flows get less than (1 - this) of their lone-flow rates in total
  /// saturated a shared link; its capacity is what they got together.
  double sharing_threshold = 0.05;
  /// Fit SMPI-style size factors (else none: latency + size / bandwidth at every size).
  bool fit_factors = true;
  /// Fill unmeasured pairs from the host model (with a warning naming them), or refuse them.
  bool fill_gaps = true;
};

/// A measured figure against the calibrated model (the model with the factors, as the figure's
/// tool defines it: half round trip, streaming or exchange).
struct PairResidual {
  std::size_t src = 0, dst = 0;
  double bytes = 0;
  SampleKind kind = SampleKind::half_round_trip;
  double measured = 0, model = 0;  ///< seconds
  SourceLine where;
  double relative() const { return (model - measured) / measured; }
};

/// A concurrent test: the flows' total rate measured and in the calibrated model (max-min).
struct TestResidual {
  std::string label;
  SourceLine where;
  std::size_t flows = 0;
  double measured_rate = 0, model_rate = 0;  ///< bytes per second, all flows together
  std::string role;                          ///< what the fit read from it, or why it was skipped
  double relative() const { return (model_rate - measured_rate) / measured_rate; }
};

/// How the calibration came out: every residual, and what it assumed where data was missing.
struct FitReport {
  std::vector<PairResidual> pairs;
  std::vector<TestResidual> tests;
  std::vector<std::string> assumptions;
  std::vector<std::string> warnings;  ///< gaps filled, figures that disagree
  std::vector<std::string> notes;     ///< the readers'
  std::vector<std::pair<std::string, std::string>> sources;
  std::size_t segments = 0;           ///< factor steps fitted (0: no size factors fitted)
  double segment_rms = 0;             ///< relative RMS of the affine fits on the largest sizes
  double top_segment_start = 0;       ///< the smallest size where factors are 1 (latency + size / bandwidth)
  std::size_t filled_pairs = 0;
};

struct Calibration {
  CalibratedNetwork network;
  FitReport report;
};

/// Fits the calibrated network to the measurements (docs/calibration.md, "The fit"):
///  1. size factors, as SMPI's calibration makes them: the largest sizes on which every pair is
///     affine (latency + size / bandwidth) set each pair's latency and bandwidth (factors 1); each
///     smaller size gets a latency and a bandwidth factor over all pairs (fit_size_factors in the
///     source); bandwidth factors are scaled so that the largest is 1; sizes of alike factors share
///     a step;
///  2. per pair, latency and bandwidth by relative least squares under those factors; streaming
///     figures (osu_bw, mpiGraph) give the bandwidth where no single-message series does;
///  3. groups by latency (group_by_latency); host latencies by least squares within groups, the
///     rest of each pair's latency on the link between its groups;
///  4. host up/down bandwidths (the fastest seen sending or receiving); a lone-flow limit between
///     two groups when most of their pairs stay below their hosts';
///  5. shared capacities from concurrent tests: within a group its backbone, out of (into) a
///     group its uplink, between two groups their link.
/// Throws MeasurementError when the data cannot make a platform (fewer than 2 hosts, a host never
/// measured, gaps with fill_gaps false).
Calibration fit_network(const MeasurementSet& measurements, const FitOptions& options = {});

}  // namespace hbcast::calibration
