#pragma once
#include <hbcast/core/node_id.hpp>
#include <hbcast/model/broadcast_instance.hpp>
#include <hbcast/model/schedule_result.hpp>

namespace hbcast {

/// link-fnf: earliest completion first over (informed sender, uninformed receiver) pairs, each
/// transfer placed where its sender's port is free and every shared link of its route has its
/// pairwise rate to spare (build_link_greedy_tree). Fastest Node First (Liu) made link-aware.
/// Needs the instance's links (BroadcastInstance::set_links); its own model is the pairwise one
/// derived from them, which the tree meets exactly when replayed (no shared link over-subscribed).
ScheduleResult schedule_link_fnf(const BroadcastInstance& instance, NodeId root);

}  // namespace hbcast
