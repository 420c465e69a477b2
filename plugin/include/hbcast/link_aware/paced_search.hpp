#pragma once
#include <hbcast/core/broadcast_tree.hpp>
#include <hbcast/model/cost_model.hpp>
#include <hbcast/model/link_route_model.hpp>
#include <hbcast/model/port_model.hpp>

#include <cstddef>
#include <functional>
#include <optional>

namespace hbcast {

/// The makespan of a paced tree whose slices all repeat the first's timing (the trees of
/// pace_under_link_capacity and build_paced_link_greedy_tree): the first slice's fill, max over
/// nodes of send start + T_uv, plus (K - 1) periods. O(n).
double paced_makespan(const BroadcastTree& tree, const CostModel& costs, double slice_bytes, std::size_t slices);

/// Chooses the period of a link-aware pipelined broadcast: `build(P)` makes a tree paced at P (or
/// nullopt when none fits), tried at P = lowest x 2^(k/4), k = 0, 1, ..., while (K - 1) P can still
/// beat the best makespan found and P is below the fallback's period, then at three periods a
/// sixteenth of an octave apart below the best. The fallback is an atomic link-aware tree paced at
/// its own span (paced_at_its_span): its slices never meet, so it is always exact. Last, the best
/// tree is re-paced (pace_under_link_capacity) at its own period bound, the larger of its ports' and
/// links' periods, and slightly above. Returns the tree of the smallest paced_makespan.
BroadcastTree best_paced_tree(const std::function<std::optional<BroadcastTree>(double)>& build,
                              const LinkRouteModel& links, const CostModel& costs, double slice_bytes,
                              std::size_t slices, PortModel port, double lowest, BroadcastTree fallback);

/// An atomic link-aware tree (its send starts keep every link within capacity for one slice)
/// paced at its span, the first slice's fill: slice j runs over [j P, j P + fill), alone.
BroadcastTree paced_at_its_span(BroadcastTree tree, const CostModel& costs, double slice_bytes);

/// The smallest pairwise time from `root` to another host for `bytes`: no paced tree has a
/// shorter period (the root sends every slice). n route look-ups.
double shortest_transfer_from(const LinkRouteModel& links, NodeId root, double bytes);

}  // namespace hbcast
