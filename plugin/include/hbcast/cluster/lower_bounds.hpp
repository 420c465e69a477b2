#pragma once
#include <hbcast/cluster/cluster_instance.hpp>

namespace hbcast {

/// The lower bounds of Khuller-Kim-Wan, section 2.1, on the optimal broadcast time of the basic model.
/// `global_steps` is p: the number of global steps LCF needs when local transfers are free (each
/// step, every node of the informed clusters informs one of the largest remaining clusters). LCF is
/// optimal in that relaxed model (Lemma 2.3), so p is also the global steps of LCF as stated.
struct ClusterLowerBounds {
  std::size_t global_steps = 0;  ///< p
  double log_n = 0;              ///< ceil(log2 N)                      (Fact 2.1)
  double global = 0;             ///< p C                               (Lemma 2.3)
  double combined = 0;           ///< (p-1)(C-1) + ceil(log2(N/2))      (Theorem 2.2)
  double best() const;
};

ClusterLowerBounds broadcast_lower_bounds(const ClusterInstance& instance);

/// p for arbitrary sizes: global steps of LCF with free local transfers, largest first.
std::size_t relaxed_global_steps(const std::vector<std::size_t>& sizes);

/// The bounded-degree model (section 4.1): the best of the basic bounds of I(n_i, d_i) and of
/// I(d_i, d_i) (Lemma 4.1) and max_i ceil(log2(n_i / d_i)) (Lemma 4.2).
double bounded_degree_lower_bound(const ClusterInstance& instance);

/// The bounded matching model: the basic bounds and ceil((k-1)/B) C (k-1 global messages at least,
/// B at a time, each C long).
double bounded_matching_lower_bound(const ClusterInstance& instance);

/// The postal model (section 5): max(ceil(log2 N), pC + c'), where pC + c' is the time LCF needs
/// with free local transfers (Lemma 5.2): every node of an informed cluster starts a global send
/// every unit from the moment its cluster is reached.
double postal_lower_bound(const ClusterInstance& instance);

}  // namespace hbcast
