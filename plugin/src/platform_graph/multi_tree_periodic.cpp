#include <hbcast/platform_graph/multi_tree_periodic.hpp>

#include <hbcast/platform_graph/multi_tree.hpp>
#include <hbcast/model/scheduler_not_applicable.hpp>

namespace hbcast {

ScheduleResult schedule_multi_tree_periodic(const BroadcastInstance& instance, NodeId root)
{
  if (instance.port() != PortModel::one_port)
    throw SchedulerNotApplicable("multi-tree-periodic is one-port: its slots are matchings of one-port senders "
                                 "and receivers (use multi-tree-capped for multi-port)");
  return schedule_multi_tree_form(instance, root, MultiTreeForm::periodic, "multi-tree-periodic", "period",
                                  "steady-state program over the platform graph (periodic multi-tree plan)");
}

}  // namespace hbcast
