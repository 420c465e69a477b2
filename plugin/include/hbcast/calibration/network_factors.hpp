#pragma once
#include <string>
#include <utility>
#include <vector>

namespace hbcast::calibration {

/// A piecewise-constant factor over message size in SMPI's syntax "T0:F0;T1:F1;...": a message of
/// S bytes takes the factor of the largest threshold T < S (1 for S <= the smallest threshold), as
/// SimGrid 3.32's SMPI network model reads smpi/lat-factor and smpi/bw-factor (the keys SimGrid
/// later calls network/latency-factor and network/bandwidth-factor).
class PiecewiseFactor {
public:
  PiecewiseFactor() = default;
  /// Thresholds (bytes, >= 0, distinct) and factors (> 0, finite); sorted by threshold here.
  explicit PiecewiseFactor(std::vector<std::pair<double, double>> steps);
  /// Parses "T:F;T:F;..." (blanks allowed, any order); throws std::invalid_argument naming the
  /// faulty step.
  static PiecewiseFactor parse(const std::string& text);

  double at(double bytes) const;
  /// "0:1" for no step; thresholds as whole numbers, factors with 9 significant digits.
  std::string to_string() const;
  bool is_unit() const;
  const std::vector<std::pair<double, double>>& steps() const { return steps_; }

private:
  std::vector<std::pair<double, double>> steps_;  ///< ascending thresholds
};

/// SMPI's latency and bandwidth factors as one value.
struct NetworkFactors {
  PiecewiseFactor latency, bandwidth;
  /// A lone flow of S bytes over a route of latency L and bottleneck bandwidth B takes
  /// latency(S) L + S / (bandwidth(S) B). Under contention SMPI 3.32 behaves as if every link's
  /// bandwidth were scaled by bandwidth(S) (measured: four flows on a 250 MB/s backbone get
  /// 0.940694 x 250 MB/s together at 4 MiB), so a platform scaled link by link is exact.
  double transfer_time(double latency_seconds, double bandwidth, double bytes) const;
};

/// SMPI 3.32's defaults (smpirun without --cfg=smpi/lat-factor or smpi/bw-factor).
NetworkFactors smpi_default_factors();

}  // namespace hbcast::calibration
