#pragma once
#include <hbcast/core/node_id.hpp>
#include <hbcast/link_aware/link_greedy.hpp>
#include <hbcast/model/broadcast_instance.hpp>
#include <hbcast/model/schedule_result.hpp>

#include <string>

namespace hbcast {

/// Runs the link-aware engine on an instance's links (its transfer size and port model) and
/// labels the result with the pairwise model from those links.
ScheduleResult schedule_link_aware(const BroadcastInstance& instance, NodeId root, bool lookahead,
                                   const std::string& who);

/// A link-aware tree (no shared link over-subscribed) labelled with its model: the pairwise
/// times over `links`, which it meets exactly.
ScheduleResult link_aware_result(BroadcastTree tree, std::shared_ptr<const LinkRouteModel> links);

}  // namespace hbcast
