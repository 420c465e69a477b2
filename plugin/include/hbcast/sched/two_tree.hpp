#pragma once
#include <hbcast/model/broadcast_instance.hpp>
#include <hbcast/model/schedule_result.hpp>

#include <array>
#include <vector>

namespace hbcast {

/// Sanders, Speck and Träff's two trees ("Two-tree algorithms for full bandwidth broadcast,
/// reduction and scan", Parallel Computing 35(12), 2009, section 2) over `order` (order[0] the
/// root): an in-order binary tree over positions 0..n-1 of the n other hosts whose inner nodes
/// are on odd positions, and the same tree shifted by one position (n odd) or mirrored (n even),
/// whose inner nodes are then on even ones; the root sends to both trees' roots. No host is an
/// inner node of both, and each tree is at most ceil(log2 n) + 1 transfers deep.
std::array<BroadcastTree, 2> two_trees(std::size_t node_count, const std::vector<NodeId>& order);

/// The two trees over topology_order, as a plan in which each tree carries half the slices: every
/// host receives each slice once and sends about one per slice on average, within about 2 log2 n
/// transfers of the root, where a chain needs n - 1. Weights are slices per second, the plan's
/// predicted throughput (its busiest port, per slice of the instance's transfer size) halved.
ScheduleResult schedule_two_tree(const BroadcastInstance& instance, NodeId root);

}  // namespace hbcast
