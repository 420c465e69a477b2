#pragma once
#include <hbcast/core/node_id.hpp>
#include <hbcast/model/broadcast_instance.hpp>
#include <hbcast/model/schedule_result.hpp>

namespace hbcast {

/// `multi-tree` (issue 16, item 3): the steady-state optimum as a plan of weighted trees. The
/// program (SSB over the instance's platform graph, with a capacity row per shared link of its
/// routes; one-port rows, or multi-port with each transfer alone on its bottleneck) gives edge
/// loads; pack_arborescences turns them into spanning trees whose weights (slices per second)
/// sum to the optimum, no transfer above its load, at most as many trees as loaded edges. Each
/// node sends to its children in a tree by decreasing subtree height (the deepest branch first).
/// The result's `tree` is the heaviest tree; weighted_trees holds them all.
ScheduleResult schedule_multi_tree(const BroadcastInstance& instance, NodeId root);

}  // namespace hbcast
