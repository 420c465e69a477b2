#include <hbcast/platform_graph/multi_tree_periodic.hpp>

#include <hbcast/platform_graph/multi_tree.hpp>
#include <hbcast/model/scheduler_not_applicable.hpp>

#include <cmath>
#include <stdexcept>

namespace hbcast {

ScheduleResult schedule_multi_tree_periodic(const BroadcastInstance& instance, NodeId root)
{
  if (instance.port() != PortModel::one_port)
    throw SchedulerNotApplicable("multi-tree-periodic is one-port: its slots are matchings of one-port senders "
                                 "and receivers (use multi-tree-capped for multi-port)");
  const double period = instance.parameter("period", 0.0);
  if (!(period >= 0.0) || period != std::floor(period))
    throw std::invalid_argument("multi-tree-periodic: 'period' must be a whole number of slices (0: chosen)");
  const double alone = instance.parameter("alone", 1.0);
  if (alone != 0.0 && alone != 1.0)
    throw std::invalid_argument("multi-tree-periodic: 'alone' must be 0 or 1");
  ScheduleResult result = schedule_multi_tree(instance, root);
  result.may_run_single_tree = alone == 1.0;
  result.form = MultiTreeForm::periodic;
  result.form_slices = static_cast<std::size_t>(period);
  result.own_model_name = "steady-state program over the platform graph (periodic multi-tree plan)";
  return result;
}

}  // namespace hbcast
