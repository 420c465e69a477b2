#pragma once
#include <cstddef>
#include <limits>

namespace hbcast {

/// Index of a host in an instance; hosts are numbered 0..n-1 in platform declaration order.
using NodeId = std::size_t;

inline constexpr NodeId kNoNode = std::numeric_limits<NodeId>::max();

}  // namespace hbcast
