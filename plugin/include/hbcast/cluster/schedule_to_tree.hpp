#pragma once
#include <hbcast/cluster/cluster_schedule.hpp>
#include <hbcast/core/broadcast_tree.hpp>

#include <vector>

namespace hbcast {

/// The broadcast tree of a schedule over hosts: each transfer is an edge sender -> receiver, a
/// node's children in start order, each with its send start time (start x time_unit), so replaying
/// or evaluating the tree one-port reproduces the schedule (BroadcastTree::set_send_start).
/// host_of_node maps the schedule's node numbering to host indices in [0, host_count); the source
/// (node 0) is the root. Every host must receive exactly once for the tree to be valid.
BroadcastTree schedule_to_tree(const ClusterSchedule& schedule, const std::vector<NodeId>& host_of_node,
                               std::size_t host_count, double time_unit);

}  // namespace hbcast
