#pragma once
#include <hbcast/core/binomial_tree.hpp>
#include <hbcast/model/broadcast_instance.hpp>
#include <hbcast/model/schedule_result.hpp>

namespace hbcast {

/// The binomial baseline (binomial_tree, Beaumont-Marchal-Robert Algorithm 4): no model of its own.
ScheduleResult schedule_binomial(const BroadcastInstance& instance, NodeId root);

}  // namespace hbcast
