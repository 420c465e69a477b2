#include <hbcast/link_aware/link_aware_schedule.hpp>

#include <hbcast/model/link_cost_model.hpp>

#include <memory>

namespace hbcast {

ScheduleResult schedule_link_aware(const BroadcastInstance& instance, NodeId root, bool lookahead,
                                   const std::string& who)
{
  const auto& links = instance.links(who);
  ScheduleResult result;
  result.tree = build_link_greedy_tree(*links, instance.costs(), root,
                                       {instance.transfer_bytes(), instance.port(), lookahead});
  result.own_model = std::make_shared<LinkCostModel>(links);
  result.own_model_name = "pairwise, no shared link over-subscribed";
  return result;
}

}  // namespace hbcast
