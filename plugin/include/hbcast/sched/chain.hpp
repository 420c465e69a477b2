#pragma once
#include <hbcast/model/broadcast_instance.hpp>
#include <hbcast/model/schedule_result.hpp>

#include <vector>

namespace hbcast {

/// The path through `order` (order[0] the root): each host sends to the next one only.
BroadcastTree chain_tree(std::size_t node_count, const std::vector<NodeId>& order);

/// A pipelined chain along topology_order: every host receives each slice once and forwards it
/// once, so with enough slices the broadcast runs at the speed of one transfer per slice, the
/// bandwidth-optimal single tree of a homogeneous one-port cluster (Beaumont-Marchal-Robert,
/// section 3.1: a node's period is the sum of its children's transfers). Open MPI's pipeline
/// broadcast is such a chain in rank order; this one follows the latency groups.
ScheduleResult schedule_chain(const BroadcastInstance& instance, NodeId root);

}  // namespace hbcast
