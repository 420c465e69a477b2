#pragma once
#include <hbcast/core/binomial_tree.hpp>  // binomial_rounds: ceil(log2 P), 0 for P <= 1

#include <cstddef>

namespace hbcast {

/// pLogP prediction of a binomial-tree broadcast among P processes of a homogeneous cluster
/// (Kielmann et al., "Fast measurement of LogP parameters for message passing platforms", 2000;
/// the model Barchet-Steffenel-Mounié, section 3 uses for T_i):
///   T(P, m) = ceil(log2 P) * (L + g(m)),
/// every round a holder sends the whole message to a new process, each send taking g(m) + L.
/// Our binomial_tree (Beaumont-Marchal-Robert, Algorithm 4) has exactly ceil(log2 P) rounds, so on a cluster whose
/// pairs all cost L + g(m) the replayed intra-cluster broadcast takes this time exactly.
double plogp_binomial_time(std::size_t processes, double latency, double gap);

}  // namespace hbcast
