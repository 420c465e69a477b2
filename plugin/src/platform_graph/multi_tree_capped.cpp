#include <hbcast/platform_graph/multi_tree_capped.hpp>

#include <hbcast/platform_graph/multi_tree.hpp>

namespace hbcast {

ScheduleResult schedule_multi_tree_capped(const BroadcastInstance& instance, NodeId root)
{
  return schedule_multi_tree_form(instance, root, MultiTreeForm::capped, "multi-tree-capped", "round",
                                  "steady-state program over the platform graph (rate-capped multi-tree plan)");
}

}  // namespace hbcast
