#pragma once
#include <hbcast/core/broadcast_tree.hpp>
#include <hbcast/model/cost_model.hpp>
#include <hbcast/model/port_model.hpp>
#include <hbcast/model/link_route_model.hpp>

namespace hbcast {

/// `tree`'s shape and send orders, re-timed so that no shared link is ever over-subscribed (the
/// principle in link_aware/README.md): each transfer starts once its sender holds the message, its
/// sender's port is free (one-port: its previous send ended; multi-port: send_u(S) after the
/// previous start, from `costs`) and every shared link of its route has the transfer's pairwise
/// rate to spare for the whole data phase (LinkCapacityTimeline). Sends are placed in the order
/// their senders become ready (a heap), so the earlier claim capacity first. Every child carries
/// its send start, so the replay equals the pairwise prediction. O(n log n) heap operations plus
/// one capacity search per edge.
BroadcastTree retime_under_link_capacity(const BroadcastTree& tree, const LinkRouteModel& links, const CostModel& costs,
                                         double bytes, PortModel port);

}  // namespace hbcast
