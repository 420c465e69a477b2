#pragma once
#include <hbcast/core/node_id.hpp>
#include <hbcast/model/broadcast_instance.hpp>
#include <hbcast/model/schedule_result.hpp>

#include <string>

namespace hbcast {

/// `multi-tree`: the steady-state optimum as a plan of weighted trees. The
/// program (SSB over the instance's platform graph, with a capacity row per shared link of its
/// routes; one-port rows, or multi-port with each transfer alone on its bottleneck) gives its
/// optimum and edge loads; pack_port_trees, started from the greedy packing of those loads
/// (greedy_arborescences), prices spanning trees against the program's own rows until their
/// weights (slices per second) sum to the optimum, at most as many trees as rows. Each
/// node sends to its children in a tree by decreasing subtree height (the deepest branch first).
/// The result's `tree` is the heaviest tree; weighted_trees holds them all.
ScheduleResult schedule_multi_tree(const BroadcastInstance& instance, NodeId root);

/// multi-tree's plan in an executable form (multi-tree-capped, multi-tree-periodic): the instance's
/// parameter `slices_key` is the form's slices per round or period (a whole number, 0: chosen) and
/// `alone` (0 or 1, default 1) lets the plan's best tree run alone where it is predicted faster.
ScheduleResult schedule_multi_tree_form(const BroadcastInstance& instance, NodeId root, MultiTreeForm form,
                                        const std::string& scheduler, const std::string& slices_key,
                                        const std::string& own_model_name);

}  // namespace hbcast
