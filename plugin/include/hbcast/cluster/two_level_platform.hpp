#pragma once
#include <cstddef>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace hbcast {

/// A SimGrid platform realizing seed 004's model (generated as XML text, no SimGrid needed).
/// Cluster i is a <cluster> "c<i>" of hosts "c<i>-0".. with one private FATPIPE link per host
/// (latency unit/2, bandwidth `bandwidth`) and router "c<i>-router"; the clusters sit in one Full
/// zone, each pair joined by a zoneRoute over the two clusters' WAN links (FATPIPE, latency
/// (C-1) unit/2, bandwidth bandwidth / C). So for S bytes, in exact mode (CM02, no cross traffic,
/// TCP-gamma 1e30) and with no link shared between flows:
///   intra-cluster: unit + S / bandwidth = T1,     inter-cluster: C unit + C S / bandwidth = C T1,
/// exactly C x T1 whatever S. Every host's multi-port send overhead (hbcast/send_latency = unit,
/// hbcast/send_bandwidth = bandwidth) is T1: replayed multi-port, a send occupies its sender one
/// unit while the message arrives after C units, the postal model of section 5.
/// The Full zone holds k(k-1)/2 zone routes: fine to a few hundred clusters. For more, list in
/// `routes` the cluster pairs a replay will use (e.g. a schedule's global transfers): only those
/// are written, and any other inter-cluster pair is unroutable.
struct TwoLevelPlatformParameters {
  std::vector<std::size_t> sizes;
  double global_cost = 10.0;  ///< C >= 1
  double unit = 1e-3;         ///< seconds of intra-cluster latency (> 0)
  double bandwidth = 1.25e9;  ///< bytes/s (> 0)
  std::map<std::string, std::string> record;  ///< generator, seed and parameters, for the header
  std::vector<std::pair<std::size_t, std::size_t>> routes;  ///< empty: every pair
};

/// Throws std::invalid_argument naming the bad parameter.
std::string two_level_platform_xml(const TwoLevelPlatformParameters& parameters);

}  // namespace hbcast
