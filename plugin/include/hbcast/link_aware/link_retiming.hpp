#pragma once
#include <hbcast/core/broadcast_tree.hpp>
#include <hbcast/model/cost_model.hpp>
#include <hbcast/model/port_model.hpp>
#include <hbcast/model/link_route_model.hpp>

#include <optional>

namespace hbcast {

/// `tree`'s shape and send orders, re-timed so that no shared link is ever over-subscribed (the
/// principle in link_aware/README.md): each transfer starts once its sender holds the message, its
/// sender's port is free (one-port: its previous send ended; multi-port: send_u(S) after the
/// previous start, from `costs`) and every shared link of its route has the transfer's pairwise
/// rate to spare for the whole data phase (LinkCapacityTimeline). Sends are placed in the order
/// their senders become ready (a heap), so the earlier claim capacity first. Every child carries
/// its send start, so the replay equals the pairwise prediction. O(n log n) heap operations plus
/// one capacity search per edge. Every edge of `tree` must be routed (std::invalid_argument
/// otherwise).
BroadcastTree retime_under_link_capacity(const BroadcastTree& tree, const LinkRouteModel& links, const CostModel& costs,
                                         double bytes, PortModel port);

/// The same for a pipelined broadcast paced at `period` P (BroadcastTree::set_slice_period): the
/// first slice's transfers are placed as above, but on a circular timeline of period P, so that
/// slice j, sent P j later, finds its links as free as slice 0 did; and each sender's sends of one
/// slice fit in a window of P (one-port: from its first send's start to its last send's end;
/// multi-port: its first start to its last start plus send_u(S)), so that slice j + 1 never waits
/// for slice j. Then the ports' recurrence (evaluate_pipelined) reproduces the placement slice for
/// slice, and no slice transfer over-subscribes a shared link: the prediction is exact.
/// nullopt when some transfer fits no window or no residue of the circle at this period.
std::optional<BroadcastTree> pace_under_link_capacity(const BroadcastTree& tree, const LinkRouteModel& links,
                                                      const CostModel& costs, double slice_bytes, PortModel port,
                                                      double period);

}  // namespace hbcast
