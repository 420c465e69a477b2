#pragma once
#include <hbcast/model/broadcast_instance.hpp>
#include <hbcast/sched/schedule_result.hpp>

namespace hbcast {

/// Binomial tree over host order (seed 002, Algorithm 4, the classical MPI broadcast). Hosts are
/// ranked relative to the root, rank(u) = (u - root) mod n, as MPI does; with m = floor(log2 n),
/// the first 2^m ranks form a binomial tree (rank x sends to x + 2^(m-p-1) in round p when 2^(m-p)
/// divides x) and every rank x >= 2^m receives from x - 2^m in a last round.
BroadcastTree binomial_tree(std::size_t node_count, NodeId root);
ScheduleResult schedule_binomial(const BroadcastInstance& instance, NodeId root);

/// Rounds of a binomial (doubling) broadcast among `processes` nodes: ceil(log2 processes), 0 for
/// at most one node. Shared by the pLogP model (seed 003) and the cluster model (seed 004).
std::size_t binomial_rounds(std::size_t processes);

}  // namespace hbcast
