#pragma once
#include <hbcast/model/broadcast_instance.hpp>
#include <hbcast/model/schedule_result.hpp>

#include <vector>

namespace hbcast {

/// FNF's receive order: every processor but the source, fastest first (by (t, index)).
std::vector<NodeId> fnf_receive_order(const std::vector<double>& transmission_times, NodeId source);

/// Fastest Node First with a given source (Liu, section 3 and section 4.4).
/// Repeatedly picks the informed node that would complete a transmission earliest (its free time
/// plus its own transmission time t_s) and sends to the fastest uninformed node: equation (1)
/// (schedule_sequence) on fnf_receive_order.
/// Ties: among senders, earliest completion, then smaller t_s, then lower host index; among
/// receivers, smaller t, then lower host index. O(n log n).
/// Any-source FNF (Liu, sections 3 and 4.1-4.3) starts at fastest_processor(times)
/// (sender_only_times.hpp), the root Theorem 4.2 allows an optimal schedule.
BroadcastTree fastest_node_first(const std::vector<double>& transmission_times, NodeId source);

/// FNF on the sender-only model derived from the instance (t_u at the instance's transfer size).
ScheduleResult schedule_fnf(const BroadcastInstance& instance, NodeId root);

}  // namespace hbcast
