#pragma once
#include <hbcast/cluster/cluster_instance.hpp>

#include <cstddef>
#include <optional>

namespace hbcast {

/// The optimal broadcast (multicast) time of a tiny basic-model instance (not postal), by
/// breadth-first search over time steps. Integer C only. No assumption on the optimum's structure
/// (Khuller-Kim-Wan compares with an unrestricted OPT): any holder may send to any uninformed node, a
/// cluster may receive several global messages, nodes may idle. Degree limits and the matching
/// bound are enforced when present.
///
/// A state records, per cluster, the uninformed idle nodes, the free holders, and the holders and
/// receivers still busy r = 1..C-1 steps (nodes of a cluster are interchangeable). Each step
/// enumerates every assignment of the free holders to {idle, local send, global send to cluster j}.
/// Returns nullopt when more than `max_states` states are reached in one step. Practical range
/// (measured by the unit tests): N <= 8 nodes, k <= 4 clusters, C <= 4 in well under a second.
/// Throws std::invalid_argument for a non-integer C or a postal instance.
std::optional<double> brute_force_optimum(const ClusterInstance& instance, std::size_t max_states = 2'000'000);

}  // namespace hbcast
