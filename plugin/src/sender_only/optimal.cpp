#include <hbcast/sender_only/optimal.hpp>

#include <hbcast/sender_only/sender_only_search.hpp>
#include <hbcast/sender_only/sender_only_times.hpp>

namespace hbcast {

ScheduleResult schedule_optimal(const BroadcastInstance& instance, NodeId root)
{
  bool proven = false;
  auto result = schedule_sender_only(instance, root, [&proven](const std::vector<double>& times, NodeId source) {
    SenderOnlySearchOptions options;
    options.node_limit = kOptimalSchedulerNodeLimit;
    auto search = search_optimal_broadcast(times, source, options);
    proven = search.proven_optimal;
    return std::move(search.tree);
  });
  result.optimality = proven ? "proven" : "unproven";
  return result;
}

}  // namespace hbcast
