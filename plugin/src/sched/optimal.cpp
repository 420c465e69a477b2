#include <hbcast/sched/optimal.hpp>

#include <hbcast/sched/sender_only_search.hpp>

namespace hbcast {

ScheduleResult schedule_optimal(const BroadcastInstance& instance, NodeId root)
{
  auto model = instance.sender_only();
  SenderOnlySearchOptions options;
  options.node_limit = kOptimalSchedulerNodeLimit;
  auto result = search_optimal_broadcast(model->transmission_times(instance.transfer_bytes()), root, options);
  return {std::move(result.tree), model, "sender-only t_u (median over destinations)",
          result.proven_optimal ? "proven" : "unproven"};
}

}  // namespace hbcast
