#pragma once
#include <hbcast/model/broadcast_instance.hpp>
#include <hbcast/sched/schedule_result.hpp>

#include <vector>

namespace hbcast {

/// Fastest Node First with a given source (seed 000, section 3 and section 4.4).
/// Repeatedly picks the informed node that would complete a transmission earliest (its free time
/// plus its own transmission time t_s) and sends to the fastest uninformed node.
/// Ties: among senders, earliest completion, then smaller t_s, then lower host index; among
/// receivers, smaller t, then lower host index. O(n log n).
BroadcastTree fastest_node_first(const std::vector<double>& transmission_times, NodeId source);

/// Any-source FNF (seed 000, sections 3 and 4.1-4.3): the broadcast starts at the fastest
/// processor (lowest index among equals), the root Theorem 4.2 allows an optimal schedule.
BroadcastTree fastest_node_first_any_source(const std::vector<double>& transmission_times);

/// FNF on the sender-only model derived from the instance (t_u at the instance's transfer size).
ScheduleResult schedule_fnf(const BroadcastInstance& instance, NodeId root);

}  // namespace hbcast
