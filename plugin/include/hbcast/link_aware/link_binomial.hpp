#pragma once
#include <hbcast/core/node_id.hpp>
#include <hbcast/model/broadcast_instance.hpp>
#include <hbcast/model/schedule_result.hpp>

namespace hbcast {

/// The binomial tree (Beaumont-Marchal-Robert, Algorithm 4) re-timed so that no shared link is over-subscribed
/// (retime_under_link_capacity): the published tree the link-aware ones are most often compared with,
/// made exact on any platform.
ScheduleResult schedule_link_binomial(const BroadcastInstance& instance, NodeId root);

}  // namespace hbcast
