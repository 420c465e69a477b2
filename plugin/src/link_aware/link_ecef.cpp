#include <hbcast/link_aware/link_ecef.hpp>

#include <hbcast/link_aware/link_aware_schedule.hpp>

namespace hbcast {

ScheduleResult schedule_link_ecef(const BroadcastInstance& instance, NodeId root)
{
  return schedule_link_aware(instance, root, true, "link-ecef");
}

}  // namespace hbcast
