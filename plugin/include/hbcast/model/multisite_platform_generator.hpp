#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace hbcast {

/// A grid of sites, each holding clusters of nodes (Barchet-Steffenel-Mounié's setting: GRID5000-like clusters of
/// clusters). Every cluster is a SimGrid <cluster>: private 1 Gb/s SPLITDUPLEX node links and a
/// 10 Gb/s backbone; its router reaches the site over its own 10 Gb/s SPLITDUPLEX uplink; sites
/// are joined pairwise by WAN links (10 Gb/s) whose latencies are drawn in [wan-lat-min,
/// wan-lat-max] (default 1 to 15 ms, Barchet-Steffenel-Mounié Table 2's L range).
struct MultisitePlatformParameters {
  std::size_t sites = 3;
  std::size_t clusters_per_site = 2;
  std::size_t nodes_per_cluster = 8;
  double node_bandwidth = 125e6;       ///< bytes/s (1 Gb/s)
  double node_latency = 10e-6;         ///< seconds, each node link
  double backbone_bandwidth = 1.25e9;  ///< bytes/s (10 Gb/s), cluster backbones and cluster uplinks
  double backbone_latency = 1e-6;      ///< seconds, each cluster backbone
  double uplink_latency = 100e-6;      ///< seconds, cluster router to its site
  double wan_bandwidth = 1.25e9;       ///< bytes/s (10 Gb/s), site to site
  double wan_latency_min = 1e-3;       ///< seconds
  double wan_latency_max = 15e-3;      ///< seconds
  std::uint64_t seed = 1;
};

/// A generated multi-site platform: the parameters and the WAN latency of every site pair.
struct MultisitePlatform {
  MultisitePlatformParameters parameters;
  std::vector<double> wan_latency;  ///< sites x sites, symmetric, 0 on the diagonal
  std::map<std::string, std::string> record;  ///< generator, seed and every parameter, as text

  std::size_t cluster_count() const { return parameters.sites * parameters.clusters_per_site; }
  /// "s<site>-c<cluster in site>"; hosts are "<cluster>-<node>", router "<cluster>-router".
  static std::string cluster_name(std::size_t site, std::size_t cluster);
};

/// Draws the WAN latencies: for site pairs s < t in order, one unit_uniform_draw each mapped to
/// min + u (max - min). Throws std::invalid_argument naming the parameter unless 2 <= sites x
/// clusters-per-site <= 50, every count >= 1, bandwidths finite and > 0, latencies finite and >= 0
/// and wan-lat-min <= wan-lat-max.
MultisitePlatform generate_multisite_platform(const MultisitePlatformParameters& parameters);

}  // namespace hbcast
