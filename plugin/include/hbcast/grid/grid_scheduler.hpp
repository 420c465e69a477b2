#pragma once
#include <hbcast/grid/grid_heuristic_registry.hpp>
#include <hbcast/model/broadcast_instance.hpp>
#include <hbcast/model/latency_clustering.hpp>
#include <hbcast/model/schedule_result.hpp>

namespace hbcast {

/// A grid heuristic as a host-level scheduler: clusters the instance's hosts with
/// cluster_by_latency (rho = kLowekampTolerance), derives the GridInstance at the instance's
/// transfer size (grid_instance_from_costs, `root` coordinating its cluster), runs the heuristic
/// and returns grid_broadcast_tree, with GridCostModel as its own model (the pLogP prediction).
ScheduleResult schedule_on_grid(const BroadcastInstance& instance, NodeId root, const GridHeuristic& heuristic);

}  // namespace hbcast
