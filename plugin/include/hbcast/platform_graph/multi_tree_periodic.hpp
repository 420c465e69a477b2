#pragma once
#include <hbcast/core/node_id.hpp>
#include <hbcast/model/broadcast_instance.hpp>
#include <hbcast/model/schedule_result.hpp>

namespace hbcast {

/// `multi-tree-periodic`: multi-tree's plan run in time-slotted periods (Beaumont, Legrand,
/// Marchal, Robert, IEEE TPDS 2005): each period of P slices is split among the trees by weight,
/// and its transfers are decomposed into slots in which no port is used twice
/// (decompose_period). The parameter `period` (P; 0: chosen by predicted makespan among powers of
/// two up to K) is read by the simulation, which knows the slice count K. One-port only.
ScheduleResult schedule_multi_tree_periodic(const BroadcastInstance& instance, NodeId root);

}  // namespace hbcast
