#pragma once
#include <hbcast/model/platform_graph.hpp>

#include <cstdint>

namespace hbcast {

/// A random heterogeneous star: n hosts, each with its own up link to a central switch and its
/// own down link from it. Route u->v = up_u then down_v, so T_uv(S) = lat_up_u + lat_down_v +
/// S / min(bw_up_u, bw_down_v), and no two transfers of a one-port tree share a link (the
/// contention-free setting where Beaumont-Marchal-Robert's pairwise model is exact). Defaults span 10 MB/s to
/// 1.25 GB/s (80 Mb/s to 10 Gb/s NICs) and 10 us to 100 us, like platforms/hetero_star.xml.
struct StarPlatformParameters {
  std::size_t node_count = 16;
  double bandwidth_min = 10e6;    ///< bytes/s
  double bandwidth_max = 1.25e9;  ///< bytes/s
  double latency_min = 10e-6;     ///< seconds
  double latency_max = 100e-6;    ///< seconds
  std::uint64_t seed = 1;
};

/// Generates the star (shape star, hosts "node-0".."node-{n-1}"; link 2k is up_k, 2k+1 down_k).
/// Draw order, from one std::mt19937_64 seeded with `seed`: for host k = 0..n-1, four
/// unit_uniform_draw values: up bandwidth, up latency, down bandwidth, down latency, each mapped
/// to min + u (max - min), i.e. uniform in [min, max). Up and down links are drawn independently.
/// Send overhead: 0.8 x the up link time (Beaumont-Marchal-Robert Table 2 rule; the up link is the only one).
/// Throws std::invalid_argument naming the parameter when node_count < 2, bw-min <= 0,
/// bw-min > bw-max, lat-min < 0, lat-min > lat-max, or a value is not finite.
PlatformGraph generate_star_platform(const StarPlatformParameters& parameters);

}  // namespace hbcast
