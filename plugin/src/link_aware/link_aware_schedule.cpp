#include <hbcast/link_aware/link_aware_schedule.hpp>

#include <hbcast/model/link_cost_model.hpp>

#include <memory>
#include <utility>

namespace hbcast {

ScheduleResult schedule_link_aware(const BroadcastInstance& instance, NodeId root, bool lookahead,
                                   const std::string& who)
{
  const auto& links = instance.links(who);
  return link_aware_result(
      build_link_greedy_tree(*links, instance.costs(), root, {instance.transfer_bytes(), instance.port(), lookahead}),
      links);
}

ScheduleResult link_aware_result(BroadcastTree tree, std::shared_ptr<const LinkRouteModel> links)
{
  ScheduleResult result;
  result.tree = std::move(tree);
  result.own_model = std::make_shared<LinkCostModel>(std::move(links));
  result.own_model_name = "pairwise, no shared link over-subscribed";
  return result;
}

}  // namespace hbcast
