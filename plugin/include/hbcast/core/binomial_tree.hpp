#pragma once
#include <hbcast/core/broadcast_tree.hpp>

#include <cstddef>

namespace hbcast {

/// Binomial tree over host order (Beaumont-Marchal-Robert, Algorithm 4, the classical MPI broadcast). Hosts are
/// ranked relative to the root, rank(u) = (u - root) mod n, as MPI does; with m = floor(log2 n),
/// the first 2^m ranks form a binomial tree (rank x sends to x + 2^(m-p-1) in round p when 2^(m-p)
/// divides x) and every rank x >= 2^m receives from x - 2^m in a last round. In core/ because the
/// grid (Barchet-Steffenel-Mounié) and cluster (Khuller-Kim-Wan) families build on it, and families never include sched/.
BroadcastTree binomial_tree(std::size_t node_count, NodeId root);

/// Rounds of a binomial (doubling) broadcast among `processes` nodes: ceil(log2 processes), 0 for
/// at most one node. Shared by the pLogP model (Barchet-Steffenel-Mounié) and the cluster model (Khuller-Kim-Wan).
std::size_t binomial_rounds(std::size_t processes);

}  // namespace hbcast
