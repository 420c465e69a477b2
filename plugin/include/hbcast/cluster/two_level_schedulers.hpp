#pragma once
#include <hbcast/core/node_id.hpp>
#include <hbcast/model/broadcast_instance.hpp>
#include <hbcast/model/schedule_result.hpp>

#include <string>
#include <vector>

namespace hbcast {

/// Khuller-Kim-Wan's broadcast schedulers on a platform: the hosts are grouped by latency
/// (platform_cluster_model, tolerance kLowekampTolerance), the root's cluster first; the schedule becomes a tree
/// with send start times (schedule_to_tree). The own model is the two-level model (1 unit inside a
/// cluster, C between, unit = the mean intra-cluster transfer time of the instance's transfer size);
/// for the postal schedulers it has a send overhead of 1 unit, so the tree is meant to be evaluated
/// and replayed multi-port (a send occupies its sender one unit, sends overlap).
ScheduleResult schedule_two_level_lcf(const BroadcastInstance& instance, NodeId root);
ScheduleResult schedule_two_level_lcf_no_idle(const BroadcastInstance& instance, NodeId root);
ScheduleResult schedule_two_level_postal_lcf(const BroadcastInstance& instance, NodeId root);
ScheduleResult schedule_two_level_interleaved_lcf(const BroadcastInstance& instance, NodeId root);

/// Khuller-Kim-Wan's parameterized variants on a platform, parameters read from the instance
/// (BroadcastInstance::parameter; defaults below, given to `hbcast schedulers`):
///  - LCF(m) (section 3) followed by LCF Multicast's steps 2-3: once at least m hosts hold the
///    message, they inform every remaining cluster in one global step, then every cluster broadcasts
///    locally. Parameter "m" (0: k', the number of other clusters, LCF Multicast's own choice).
///  - Bounded Degree (section 4.1): at most "degree" hosts of each cluster take part in global
///    transfers (default 1).
///  - Bounded Size Matching (section 4.3): at most "matching" global transfers at once (default 1).
/// The multicast forms (sections 3, 4.2, 4.4) count the members per cluster, members first in
/// their clusters (the model numbers a cluster's members as its first n'_i nodes).
ScheduleResult schedule_two_level_lcf_m(const BroadcastInstance& instance, NodeId root);
ScheduleResult schedule_two_level_bounded_degree(const BroadcastInstance& instance, NodeId root);
ScheduleResult schedule_two_level_bounded_matching(const BroadcastInstance& instance, NodeId root);
ScheduleResult schedule_two_level_lcf_multicast(const BroadcastInstance& instance, NodeId root,
                                                const std::vector<NodeId>& members);
ScheduleResult schedule_two_level_bounded_degree_multicast(const BroadcastInstance& instance, NodeId root,
                                                           const std::vector<NodeId>& members);
ScheduleResult schedule_two_level_bounded_matching_multicast(const BroadcastInstance& instance, NodeId root,
                                                             const std::vector<NodeId>& members);

/// The whole-number parameter `name` of the instance, at least 1 (throws std::invalid_argument
/// naming it otherwise), or `fallback` when the user did not set it.
std::size_t whole_parameter(const BroadcastInstance& instance, const std::string& name, std::size_t fallback);

}  // namespace hbcast
