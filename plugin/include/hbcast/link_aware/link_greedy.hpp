#pragma once
#include <hbcast/core/broadcast_tree.hpp>
#include <hbcast/model/port_model.hpp>
#include <hbcast/model/cost_model.hpp>
#include <hbcast/model/link_route_model.hpp>

#include <optional>

namespace hbcast {

struct LinkGreedyOptions {
  double bytes = 0.0;
  PortModel port = PortModel::one_port;
  /// link-ecef: a first phase that reaches every receiver group once, between groups only, keyed by
  /// completion plus ECEF-LA's lookahead; earliest completion over every pair otherwise (link-fnf).
  bool lookahead = false;
  /// 0: an atomic broadcast. > 0: the first slice of a pipelined broadcast paced at this period
  /// (build_paced_link_greedy_tree).
  double period = 0.0;
};

/// The engine of link-fnf and link-ecef (link_aware/README.md): repeatedly commits the (informed
/// sender, uninformed receiver) transfer of earliest completion (plus the lookahead), where a
/// transfer starts no earlier than its sender's port is free (one-port: its previous send ended;
/// multi-port: send_u(S) after the previous start, from `costs`) nor before every shared link of
/// its route has its pairwise rate to spare for the whole data phase (LinkCapacityTimeline). A
/// receiver receives once, so its port never binds. Every child carries its send start time, which
/// the evaluators and the replay honour; so no shared link is ever over-subscribed.
///
/// Candidates are (sender group, receiver group) pairs (ReceiverGroups): the sender group's host
/// whose port frees first sends to the receiver group's first uninformed host. One heap holds them
/// keyed by a lower bound of their completion; popped keys are revalidated against the current
/// ports and links (completions only grow as transfers are committed): a key that still holds is
/// the minimum and is committed, otherwise it goes back with its new value. O(n G) offers for G
/// groups, each evaluation O(h (log m + s)) for routes of h links, m promised steps, s skipped
/// (link_aware/README.md).
BroadcastTree build_link_greedy_tree(const LinkRouteModel& links, const CostModel& costs, NodeId root,
                                     const LinkGreedyOptions& options);

/// The same engine for a pipelined broadcast of slices of options.bytes paced at options.period
/// P (BroadcastTree::set_slice_period), as pace_under_link_capacity places a given tree: transfers
/// are placed on a circular link timeline of period P, each sender's sends of one slice within a
/// window of P, and an edge's transfer takes at most P. A sender with no room left in its window
/// leaves its group's senders. nullopt when some host can no longer be reached at this period.
std::optional<BroadcastTree> build_paced_link_greedy_tree(const LinkRouteModel& links, const CostModel& costs,
                                                          NodeId root, const LinkGreedyOptions& options);

}  // namespace hbcast
