#pragma once
#include <hbcast/core/node_id.hpp>

#include <vector>

namespace hbcast {

/// Test and validation support: the exact optimum of small sender-only instances, against which
/// FNF and the searches are checked (Liu, section 5).

/// Makespan of a receive sequence in the sender-only model, Liu equation (1)
/// (schedule_sequence in sender_only_times.hpp).
double sequence_makespan(const std::vector<double>& times, NodeId source, const std::vector<NodeId>& order);

/// Optimal broadcast time from `source` in the sender-only model: the minimum of
/// sequence_makespan over every receive order (Liu, section 4: by Theorem 4.1 an optimal
/// schedule has no delay, so it is one of these). For n <= 9 (8! orders).
double exhaustive_optimal_makespan(const std::vector<double>& times, NodeId source);

}  // namespace hbcast
