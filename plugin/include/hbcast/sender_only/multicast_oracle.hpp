#pragma once
#include <hbcast/core/node_id.hpp>

#include <vector>

namespace hbcast {

/// Test and validation support: the optimal multicast time of a small sender-only instance
/// (Khuller-Kim-Woeginger, section 4): the minimum, over every subset of non-members recruited and every
/// receive order of the members and recruits, of the time the last member is informed. An
/// optimal schedule has no delay (Liu, Theorem 4.1), so it is one of these. For n <= 8.
double exhaustive_multicast_optimum(const std::vector<double>& times, NodeId source, const std::vector<NodeId>& members);

}  // namespace hbcast
