#pragma once
#include <hbcast/model/broadcast_instance.hpp>
#include <hbcast/model/schedule_result.hpp>

namespace hbcast {

/// Flat tree: the root sends to every other node in turn, in host order (the linear broadcast of
/// MPI implementations; the inter-cluster baseline of Barchet-Steffenel-Mounié, section 4.1).
BroadcastTree flat_tree(std::size_t node_count, NodeId root);
ScheduleResult schedule_flat(const BroadcastInstance& instance, NodeId root);

}  // namespace hbcast
