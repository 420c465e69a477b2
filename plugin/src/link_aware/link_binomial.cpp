#include <hbcast/link_aware/link_binomial.hpp>

#include <hbcast/core/binomial_tree.hpp>
#include <hbcast/link_aware/link_aware_schedule.hpp>

namespace hbcast {

ScheduleResult schedule_link_binomial(const BroadcastInstance& instance, NodeId root)
{
  return link_aware_result(link_timed(binomial_tree(instance.size(), root), instance, root, "link-binomial"), instance,
                           "link-binomial");
}

}  // namespace hbcast
