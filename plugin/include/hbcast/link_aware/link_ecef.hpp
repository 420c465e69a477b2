#pragma once
#include <hbcast/core/node_id.hpp>
#include <hbcast/model/broadcast_instance.hpp>
#include <hbcast/sched/schedule_result.hpp>

namespace hbcast {

/// link-ecef: link-fnf with ECEF-LA's lookahead (seed 003, section 4.4) over the receiver groups:
/// a transfer's key is its completion plus the time from the receiver's group to the nearest group
/// still uninformed, so hosts that can carry the broadcast on to other sites are served first.
/// Needs the instance's links (BroadcastInstance::set_links); its own model is the pairwise one
/// derived from them, which the tree meets exactly when replayed (no shared link over-subscribed).
ScheduleResult schedule_link_ecef(const BroadcastInstance& instance, NodeId root);

}  // namespace hbcast
