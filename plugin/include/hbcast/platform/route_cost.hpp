#pragma once
#include <cstddef>

namespace hbcast {

/// One route of the platform: summed link latencies, bottleneck bandwidth, link count.
struct RouteCost {
  double latency = 0.0;
  double bandwidth = 0.0;
  std::size_t link_count = 0;
};

}  // namespace hbcast
