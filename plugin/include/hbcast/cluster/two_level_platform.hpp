#pragma once
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace hbcast {

/// A SimGrid platform realizing Khuller-Kim-Wan's model (written by two_level_xml_writer.hpp).
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

/// Throws std::invalid_argument ("clusters platform: ...") naming the first bad parameter.
void check_two_level_parameters(const TwoLevelPlatformParameters& parameters);

/// What `hbcast generate clusters` asks for: Khuller-Kim-Wan's Zipf cluster sizes (Appendix B) on the
/// two-level platform above.
struct ClusterPlatformParameters {
  std::size_t clusters = 10;
  std::size_t max_size = 100;
  double theta = 0.0;
  double c = 10.0;
  double unit = 1e-3;
  double bandwidth = 1.25e9;
  std::uint64_t seed = 1;
};

/// Draws the cluster sizes (zipf_cluster_sizes with the seed) and records the generator, the seed
/// and every parameter. Throws std::invalid_argument unless 1 <= clusters <= 1000 (the Full zone's
/// k(k-1)/2 routes), or when zipf_cluster_sizes rejects theta or max-size.
TwoLevelPlatformParameters draw_cluster_platform(const ClusterPlatformParameters& parameters);

}  // namespace hbcast
