#pragma once
// Internal to the PTAS (Khuller-Kim-Woeginger, section 3, "Create all possible trees of S", Lemma 3).
#include "ptas_multiset.hpp"

#include <hbcast/core/broadcast_tree.hpp>

#include <vector>

namespace hbcast::ptas_detail {

/// Every labeled tree of slow processors, summarised by its label multiset: for each multiset M
/// of class labels, the smallest broadcast time (from the root's ready time) of any tree whose
/// nodes carry exactly the labels M, class i sending in its rounded time class_times[i]
/// (+infinity: the class cannot complete a send before the deadline, it can only be a leaf).
///
/// The DP of section 3 reads a tree only through its label counts m_i and its broadcast time
/// ("there exists a tree T' such that the makespan of T' is at most T - x_j"), so keeping, per
/// multiset, the best tree is the same test as enumerating all trees. The trees are enumerated by
/// the decomposition every ordered tree has: a root of class r whose first child's subtree A is
/// informed at tau_r, after which the root, free again, serves the rest as a tree of its own:
///   H(r, R) = tau_r + min over nonempty A <= R of max(G(A), H(r, R - A)),  H(r, 0) = 0,
///   G(M)    = min over classes r in M of H(r, M - e_r).
/// Broadcast times above `budget` are pruned to +infinity.
class SlowTreeTable {
public:
  SlowTreeTable(std::vector<double> class_times, MixedRadix radix, double budget);

  const MixedRadix& radix() const { return radix_; }
  /// G(M): best broadcast time of a tree with label multiset M (0 for the empty multiset).
  double makespan(std::size_t multiset) const { return best_[multiset]; }
  /// Adds a best tree of `multiset` to `tree`, drawing processors of class i from pools[i];
  /// returns its root.
  NodeId build(std::size_t multiset, std::vector<std::vector<NodeId>>& pools, BroadcastTree& tree) const;

  /// Elementary steps the table costs for these caps and `sending_classes` (work estimate).
  static double work(const std::vector<std::size_t>& caps, std::size_t sending_classes);

private:
  std::size_t rooted_index(std::size_t root_class, std::size_t rest) const { return root_class * radix_.size() + rest; }
  void fill(std::size_t multiset, std::vector<std::size_t>& bounds);

  std::vector<double> class_times_;
  MixedRadix radix_;
  double budget_;
  std::vector<double> best_;              // G(M)
  std::vector<std::size_t> best_root_;    // argmin class r of G(M)
  std::vector<double> rooted_;            // H(r, R)
  std::vector<std::size_t> first_child_;  // argmin A of H(r, R)
};

}  // namespace hbcast::ptas_detail
