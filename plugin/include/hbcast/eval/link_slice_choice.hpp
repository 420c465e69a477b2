#pragma once
#include <hbcast/core/broadcast_tree.hpp>
#include <hbcast/eval/plan_period.hpp>
#include <hbcast/model/cost_model.hpp>
#include <hbcast/model/link_route_model.hpp>
#include <hbcast/model/port_model.hpp>

#include <cstddef>
#include <functional>

namespace hbcast {

/// The tree a schedule broadcasts with K slices: the same tree for any K, or one built for K (a
/// link-aware tree paced at K). The reference must stay valid until the next call.
using TreeForSlices = std::function<const BroadcastTree&(std::size_t slices)>;

/// A slice count and the tree's prediction with the platform's links at it.
struct LinkSliceChoice {
  std::size_t slices = 1;
  /// predict_with_links' start-up, period and makespan at `slices`.
  PlanPrediction prediction;
  /// Whether that prediction is exact (no shared link over-subscribed by the slice timeline), or
  /// the estimate that honours every link's capacity.
  bool exact = true;
  std::size_t evaluated = 0;  ///< slice counts predicted to find it
  std::size_t max_min_evaluated = 0;  ///< of which with the max-min prediction (refine_slice_count_with_max_min)
};

/// The slice count K in [1, max_slices] (and at most the message's whole bytes) that minimises
/// predict_with_links' makespan of tree_for(K) with K slices of ceil(message_bytes / K) bytes; ties
/// go to the smaller K. Tried: 1, every power of two, the bound, `hint` (e.g. the affine choice of
/// choose_slice_count), then K a quarter, a half and three quarters of an octave on either side of
/// the best, then one slice at a time while a neighbour is faster (at most 64 steps): about
/// log2(bound) + 10 predictions, each O(n K) (the ports' recurrence and the contention analysis of
/// its slice transfers), ranked by the estimate where a link is over-subscribed. With `refine`,
/// when the count found over-subscribes a link, refine_slice_count_with_max_min then ranks the
/// counts around it by the max-min prediction. `costs` must be the pairwise model of `links`.
/// A count whose ports_lower_bound exceeds the best makespan found so far is not predicted; with
/// `trees_vary` (tree_for builds a tree per count), neither is its tree built where any tree's
/// bound (AnyTreeBound) already does.
LinkSliceChoice choose_slice_count_with_links(const TreeForSlices& tree_for, const CostModel& costs,
                                              const LinkRouteModel& links, double message_bytes,
                                              std::size_t max_slices, PortModel port, std::size_t hint = 1,
                                              bool refine = true, bool trees_vary = false);

/// From `from` (a count chosen by the estimate, whose slices over-subscribe a link), the slice
/// count minimising predict_with_links' makespan with the max-min prediction (exact where
/// max_min_applies; the estimate beyond): `from` and one slice first, then, as the makespan of a
/// contending tree is near-convex in K, K is moved an octave at a time while a neighbour is faster
/// (at most 8 octaves), then by half, a quarter and an eighth of an octave around the best, then
/// one slice at a time (at most 4 steps). A fluid run costs about the replay of its slices, so the
/// runs' slice counts add up to at most 8 x max(`from`'s K, the best K so far) + 16 and their
/// hosts^2 x K to kMaxMinWorkLimit (or the first run's, if larger); a count past either is not
/// tried. Returns `from` unchanged when its count over-subscribes no link.
LinkSliceChoice refine_slice_count_with_max_min(const TreeForSlices& tree_for, const CostModel& costs,
                                                const LinkRouteModel& links, double message_bytes,
                                                std::size_t max_slices, PortModel port, const LinkSliceChoice& from);

}  // namespace hbcast
