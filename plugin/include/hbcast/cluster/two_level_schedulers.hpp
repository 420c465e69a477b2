#pragma once
#include <hbcast/core/node_id.hpp>
#include <hbcast/model/broadcast_instance.hpp>
#include <hbcast/model/schedule_result.hpp>

namespace hbcast {

/// Seed 004's broadcast schedulers on a platform: the hosts are grouped by latency
/// (platform_cluster_model, tolerance kLowekampTolerance), the root's cluster first; the schedule becomes a tree
/// with send start times (schedule_to_tree). The own model is the two-level model (1 unit inside a
/// cluster, C between, unit = the mean intra-cluster transfer time of the instance's transfer size);
/// for the postal schedulers it has a send overhead of 1 unit, so the tree is meant to be evaluated
/// and replayed multi-port (a send occupies its sender one unit, sends overlap).
ScheduleResult schedule_two_level_lcf(const BroadcastInstance& instance, NodeId root);
ScheduleResult schedule_two_level_lcf_no_idle(const BroadcastInstance& instance, NodeId root);
ScheduleResult schedule_two_level_postal_lcf(const BroadcastInstance& instance, NodeId root);
ScheduleResult schedule_two_level_interleaved_lcf(const BroadcastInstance& instance, NodeId root);

}  // namespace hbcast
