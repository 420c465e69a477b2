#include <hbcast/link_aware/link_binomial.hpp>

#include <hbcast/core/binomial_tree.hpp>
#include <hbcast/link_aware/link_retiming.hpp>
#include <hbcast/link_aware/link_aware_schedule.hpp>

namespace hbcast {

ScheduleResult schedule_link_binomial(const BroadcastInstance& instance, NodeId root)
{
  const auto& links = instance.links("link-binomial");
  return link_aware_result(retime_under_link_capacity(binomial_tree(instance.size(), root), *links, instance.costs(),
                                                      instance.transfer_bytes(), instance.port()),
                           links);
}

}  // namespace hbcast
