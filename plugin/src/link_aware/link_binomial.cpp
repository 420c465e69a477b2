#include <hbcast/link_aware/link_binomial.hpp>

#include <hbcast/core/binomial_tree.hpp>
#include <hbcast/link_aware/link_aware_schedule.hpp>
#include <hbcast/link_aware/link_retiming.hpp>

namespace hbcast {

ScheduleResult schedule_link_binomial(const BroadcastInstance& instance, NodeId root)
{
  const auto& links = instance.links("link-binomial");
  const auto costs = link_aware_costs(instance, "link-binomial");
  const BroadcastTree binomial = binomial_tree(instance.size(), root);
  BroadcastTree atomic =
      retime_under_link_capacity(binomial, *links, *costs, instance.transfer_bytes(), instance.port());
  if (instance.slices() == 1)
    return link_aware_result(std::move(atomic), instance, "link-binomial");
  auto build = [&](double period) {
    return pace_under_link_capacity(binomial, *links, *costs, instance.transfer_bytes(), instance.port(), period);
  };
  return link_aware_result(pace_link_aware(instance, root, "link-binomial", build, std::move(atomic)), instance,
                           "link-binomial");
}

}  // namespace hbcast
