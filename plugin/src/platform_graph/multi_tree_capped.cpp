#include <hbcast/platform_graph/multi_tree_capped.hpp>

#include <hbcast/platform_graph/multi_tree.hpp>

#include <cmath>
#include <stdexcept>

namespace hbcast {

ScheduleResult schedule_multi_tree_capped(const BroadcastInstance& instance, NodeId root)
{
  const double round = instance.parameter("round", 0.0);
  if (!(round >= 0.0) || round != std::floor(round))
    throw std::invalid_argument("multi-tree-capped: 'round' must be a whole number of slices (0: chosen)");
  const double alone = instance.parameter("alone", 1.0);
  if (alone != 0.0 && alone != 1.0)
    throw std::invalid_argument("multi-tree-capped: 'alone' must be 0 or 1");
  ScheduleResult result = schedule_multi_tree(instance, root);
  result.may_run_single_tree = alone == 1.0;
  result.form = MultiTreeForm::capped;
  result.form_slices = static_cast<std::size_t>(round);
  result.own_model_name = "steady-state program over the platform graph (rate-capped multi-tree plan)";
  return result;
}

}  // namespace hbcast
