#pragma once
#include <hbcast/core/node_id.hpp>
#include <hbcast/model/broadcast_instance.hpp>
#include <hbcast/model/schedule_result.hpp>

namespace hbcast {

/// link-ecef: ECEF between groups, then link-fnf. First phase: only transfers to groups not reached
/// yet (their first hosts act as Barchet-Steffenel-Mounié's cluster coordinators), keyed by completion plus ECEF-LA's
/// lookahead (Barchet-Steffenel-Mounié, section 4.4: the time from the receiver's group to the nearest group not
/// reached yet); once every group is reached, every pair competes as in link-fnf.
/// Needs the instance's links (BroadcastInstance::set_links); its own model is the pairwise one
/// derived from them, which the tree meets exactly when replayed (no shared link over-subscribed).
ScheduleResult schedule_link_ecef(const BroadcastInstance& instance, NodeId root);

}  // namespace hbcast
