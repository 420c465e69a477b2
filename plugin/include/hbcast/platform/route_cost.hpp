#pragma once
#include <cstddef>
#include <limits>

namespace hbcast {

/// One route of the platform: summed link latencies, bottleneck bandwidth, link count. A pair
/// the platform does not route has an infinite latency and no bandwidth, so T_uv is infinite.
struct RouteCost {
  double latency = 0.0;
  double bandwidth = 0.0;
  std::size_t link_count = 0;
  bool routable() const { return latency < std::numeric_limits<double>::infinity(); }
  static RouteCost none() { return {std::numeric_limits<double>::infinity(), 0.0, 0}; }
};

}  // namespace hbcast
