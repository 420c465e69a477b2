#pragma once
#include <hbcast/calibration/calibrated_network.hpp>

#include <string>
#include <vector>

namespace hbcast {

struct CalibratedPlatformOptions {
  /// A group is one <cluster> when its hosts' latencies and bandwidths are within this relative
  /// tolerance of their median (written with the medians) and their names are PREFIX<number>SUFFIX.
  double homogeneous_tolerance = 0.01;
  /// Lines for the header comment (how the file was made: inputs, options).
  std::vector<std::string> provenance;
};

/// The calibrated network as a SimGrid 4.1 platform (SimGrid 3.32 loads it; every host pair is
/// routable):
///  - one group: its zone at the top; several: a top zone routing="Full" holding one zone per
///    group, zoneRoutes between them;
///  - a group of alike hosts with regular names: a <cluster> (SPLITDUPLEX host links, the
///    backbone SHARED with latency 0 when it has one, router GROUP-router); any other group: a
///    zone routing="Cluster" with a <host>, a link (SPLITDUPLEX, or one SHARED link per direction
///    when up and down differ) and a <host_link> per host, its <backbone>, and GROUP-router;
///  - a group's uplink (one SPLITDUPLEX link when out and in are alike, else GROUP-out and
///    GROUP-in, SHARED); per group pair a link G-H (SPLITDUPLEX when shared, FATPIPE when it only
///    bounds each flow or carries latency), plus a FATPIPE G-H-flow for a per-flow limit.
/// Speeds are 1 Gf (hbcast does not compute). Throws std::invalid_argument on an empty network.
std::string calibrated_platform_xml(const calibration::CalibratedNetwork& network,
                                    const CalibratedPlatformOptions& options = {});

/// The --cfg lines (one "--cfg=key:value" per line, no comment, so that `smpirun $(cat FILE)`
/// and `hbcast simulate --cfg-file FILE` both take it): SMPI's network model with the fitted
/// size factors (smpi/lat-factor, smpi/bw-factor: SimGrid 3.32's names for what later versions
/// call network/latency-factor and network/bandwidth-factor), no cross traffic and no TCP
/// window bound (the bandwidths are the measured ones).
std::string calibrated_config(const calibration::NetworkFactors& factors);

}  // namespace hbcast
