#pragma once
#include <hbcast/core/node_id.hpp>
#include <hbcast/link_aware/link_greedy.hpp>
#include <hbcast/model/broadcast_instance.hpp>
#include <hbcast/model/schedule_result.hpp>

#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace hbcast {

/// Runs the link-aware engine on an instance's links (its transfer size and port model) and
/// labels the result with the pairwise model from those links. With several slices
/// (BroadcastInstance::slices) the tree is paced: built at the period pace_link_aware chooses.
ScheduleResult schedule_link_aware(const BroadcastInstance& instance, NodeId root, bool lookahead,
                                   const std::string& who);

/// A link-aware tree (no shared link over-subscribed) labelled with its model (link_aware_costs),
/// which it meets exactly.
ScheduleResult link_aware_result(BroadcastTree tree, const BroadcastInstance& instance, const std::string& who);

/// The pairwise times of the instance's links (route latency + S / bottleneck) with the
/// instance's multi-port send overheads.
std::shared_ptr<const CostModel> link_aware_costs(const BroadcastInstance& instance, const std::string& who);

/// The paced tree of the smallest makespan among build(P) over the periods best_paced_tree tries
/// and `atomic_tree` (the same scheduler's atomic tree) paced at its own span.
BroadcastTree pace_link_aware(const BroadcastInstance& instance, NodeId root, const std::string& who,
                              const std::function<std::optional<BroadcastTree>(double)>& build,
                              BroadcastTree atomic_tree);

/// `shape` with its send orders kept, placed in the instance's link timeline so that no shared link
/// is over-subscribed: re-timed (retime_under_link_capacity) for one slice, paced (pace_link_aware)
/// for several. Any tree can be made exact this way (link-binomial is the binomial tree's).
BroadcastTree link_timed(const BroadcastTree& shape, const BroadcastInstance& instance, NodeId root,
                         const std::string& who);
/// The exact makespan of a link-timed tree (its send starts, and its pace with several slices) with
/// the instance's slices, under link_aware_costs: what the replay gives.
double link_timed_makespan(const BroadcastTree& timed, const BroadcastInstance& instance, const std::string& who);
}  // namespace hbcast
