#include <hbcast/link_aware/link_binomial.hpp>

#include <hbcast/core/binomial_tree.hpp>
#include <hbcast/link_aware/link_retiming.hpp>
#include <hbcast/model/link_cost_model.hpp>

namespace hbcast {

ScheduleResult schedule_link_binomial(const BroadcastInstance& instance, NodeId root)
{
  const auto& links = instance.links("link-binomial");
  ScheduleResult result;
  result.tree = retime_under_link_capacity(binomial_tree(instance.size(), root), *links, instance.costs(),
                                           {instance.transfer_bytes(), instance.port(), false});
  result.own_model = std::make_shared<LinkCostModel>(links);
  result.own_model_name = "pairwise, no shared link over-subscribed";
  return result;
}

}  // namespace hbcast
