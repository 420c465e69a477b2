#include <hbcast/link_aware/link_fnf.hpp>

#include <hbcast/link_aware/link_aware_schedule.hpp>

namespace hbcast {

ScheduleResult schedule_link_fnf(const BroadcastInstance& instance, NodeId root)
{
  return schedule_link_aware(instance, root, false, "link-fnf");
}

}  // namespace hbcast
