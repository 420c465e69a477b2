#pragma once
#include <hbcast/model/broadcast_instance.hpp>
#include <hbcast/model/schedule_result.hpp>

namespace hbcast {

/// MPICH's binomial broadcast tree (also SMPI's `binomial_tree` MPI_Bcast) over host order. Ranks
/// are relative to the root, r = (u - root) mod n; rank r > 0 receives from r - lowbit(r) and sends
/// to r + 2^k for every 2^k < lowbit(r) with r + 2^k < n, largest subtree (largest 2^k) first; the
/// root sends for every 2^k < n. It equals `binomial` (Beaumont-Marchal-Robert, Algorithm 4) only when n is a
/// power of two: for other n, Algorithm 4 hangs the ranks >= 2^m under ranks 0.. in a last round.
BroadcastTree mpich_binomial_tree(std::size_t node_count, NodeId root);
ScheduleResult schedule_mpich_binomial(const BroadcastInstance& instance, NodeId root);

}  // namespace hbcast
