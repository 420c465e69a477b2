#pragma once
#include <hbcast/core/broadcast_tree.hpp>
#include <hbcast/core/node_id.hpp>

#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

namespace hbcast {

/// Which of Liu's search techniques (section 5) a branch-and-bound over broadcast sequences
/// uses, plus our lower bound and the limits. The FNF-guided search turns everything on; the
/// generic branch-and-bound of Table 1 turns everything off but the incumbent bound.
struct SenderOnlySearchOptions {
  /// Technique 1: children in order of increasing transmission time, so the first leaf is FNF's.
  bool fastest_first_order = true;
  /// Technique 1, second half (Theorem 4.3): the fastest processors open the sequence. Applied only
  /// when the source is free (any-source), the setting Theorem 4.3 is proved in.
  bool fastest_processors_first = true;
  /// Technique 2 (Theorem 4.2): no sender slower than its receiver, the given source excepted.
  bool no_slower_sender = true;
  /// Start from FNF's makespan as the incumbent (otherwise from the first leaf reached).
  bool fnf_incumbent = true;
  /// Our addition: prune when even remaining processors all as fast as the fastest of them cannot
  /// finish before the incumbent (see sender_only_search.cpp for why the bound is valid).
  bool fastest_remaining_bound = true;
  /// An incumbent from outside (e.g. the best multicast so far, optimal_multicast.hpp): only
  /// makespans strictly below min(it, FNF's) are sought. When none exists the result is FNF's tree,
  /// and proven_optimal then means that no makespan below this bound exists.
  double upper_bound = std::numeric_limits<double>::infinity();
  /// Stop after this many search-tree nodes (0: no limit); the result is then not proven optimal.
  std::uint64_t node_limit = 0;
  /// Stop after this many seconds of search (0: no limit); the result is then not proven optimal.
  double time_limit_seconds = 0.0;
};

/// Liu's FNF-guided search as published (techniques 1 and 2, FNF incumbent), without our bound.
SenderOnlySearchOptions liu_search_options();
/// The generic branch-and-bound of Liu's Table 1: classes in order of their first processor, no
/// technique, pruning only prefixes already as late as the best complete sequence found so far.
SenderOnlySearchOptions generic_search_options();

/// The best broadcast found, as a receive sequence and as a tree, and what the search cost.
struct SenderOnlySearchResult {
  /// Processors in the order they become ready; sequence[0] is the source.
  std::vector<NodeId> sequence;
  BroadcastTree tree;
  double makespan = 0.0;
  /// False when a node or time limit stopped the search before it proved the incumbent optimal.
  bool proven_optimal = false;
  std::uint64_t nodes_examined = 0;  ///< search-tree nodes visited (Liu's n)
  double seconds = 0.0;
};

/// Branch-and-bound for the minimum broadcast time in the sender-only model (Liu, section 5).
/// A schedule is a receive sequence; ready times follow equation (1): each next processor is
/// served by the informed processor that completes a transmission earliest. Processors with equal
/// transmission times are interchangeable, so the search tree is that of Liu's Table 1: sequences
/// of speed classes (N and L in sender_only_search_tree.hpp).
/// `source`: the processor that holds the message, or nullopt for the any-source problem (every
/// processor may start it, as in Liu's sections 4.1-4.3 and Table 1).
/// Throws std::invalid_argument for an empty instance, a negative or non-finite time, or a bad source.
SenderOnlySearchResult search_optimal_broadcast(const std::vector<double>& times, std::optional<NodeId> source,
                                                const SenderOnlySearchOptions& options);

/// The tree a receive sequence stands for: receiver k is served by the informed processor that
/// completes a transmission earliest (ties: the faster, then the lower index); children in send order.
BroadcastTree tree_of_sequence(const std::vector<double>& times, const std::vector<NodeId>& sequence);

}  // namespace hbcast
