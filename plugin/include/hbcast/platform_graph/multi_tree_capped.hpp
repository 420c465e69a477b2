#pragma once
#include <hbcast/core/node_id.hpp>
#include <hbcast/model/broadcast_instance.hpp>
#include <hbcast/model/schedule_result.hpp>

namespace hbcast {

/// `multi-tree-capped`: multi-tree's plan (schedule_multi_tree) run rate-capped. Each round of
/// slices is split among the trees by weight and every transfer of tree t is capped at the tree's
/// planned rate, weight_t x slice bytes per second (SimGrid's Comm::set_rate). The program's port
/// and shared-link rows bound the sum of these rates on every port and link, so no transfer
/// slows another: each part crosses a hop in latency + round / sum(weights) seconds whatever its
/// tree's weight. The parameter `round` (slices per round; 0: the smallest power of two keeping
/// the replay under 400,000 transfers) is read by the simulation, which knows the slice count.
ScheduleResult schedule_multi_tree_capped(const BroadcastInstance& instance, NodeId root);

}  // namespace hbcast
