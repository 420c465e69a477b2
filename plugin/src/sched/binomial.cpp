#include <hbcast/sched/binomial.hpp>

namespace hbcast {

ScheduleResult schedule_binomial(const BroadcastInstance& instance, NodeId root)
{
  return {binomial_tree(instance.size(), root), nullptr, "pairwise (no model of its own)"};
}

}  // namespace hbcast
