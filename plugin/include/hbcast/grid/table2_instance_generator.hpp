#pragma once
#include <hbcast/grid/grid_instance.hpp>

#include <random>

namespace hbcast {

/// Parameter ranges of Barchet-Steffenel-Mounié, Table 2 (values measured on GRID5000), in seconds.
struct Table2Ranges {
  double latency_min = 1e-3, latency_max = 15e-3;   ///< L: 1 to 15 ms
  double gap_min = 100e-3, gap_max = 600e-3;        ///< g: 100 to 600 ms
  double broadcast_min = 20e-3, broadcast_max = 3;  ///< T: 20 ms to 3 s
};

/// A random instance of Barchet-Steffenel-Mounié, section 6: `clusters` clusters (>= 1), root cluster 0, every
/// value uniform in its Table 2 range. Draw order, each value one unit_uniform_draw mapped to
/// min + u (max - min) (portable across standard libraries): T_0..T_{k-1}, then for i < j, L_ij
/// and g_ij. Links are symmetric (L_ji = L_ij, g_ji = g_ij); the paper does not say, and a WAN
/// route's latency and bandwidth are the same both ways. Throws std::invalid_argument for 0
/// clusters or a range with min > max or min < 0.
GridInstance random_table2_instance(std::size_t clusters, std::mt19937_64& rng, const Table2Ranges& ranges = {});

}  // namespace hbcast
