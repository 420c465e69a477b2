#include <hbcast/sender_only/optimal_multicast.hpp>

#include <hbcast/sender_only/fnf_multicast.hpp>
#include <hbcast/sender_only/optimal.hpp>
#include <hbcast/sender_only/sender_only_search.hpp>
#include <hbcast/sender_only/sender_only_times.hpp>

#include <limits>

namespace hbcast {

OptimalMulticastResult search_optimal_multicast(const std::vector<double>& times, NodeId source,
                                                const std::vector<NodeId>& members, std::uint64_t node_limit)
{
  require_transmission_times(times, source);
  // FNF multicast (best k) is the first incumbent: each k's search then only looks below it, so
  // hopeless sets are cut at once and the node budget goes to the promising ones.
  OptimalMulticastResult result{fnf_multicast(times, source, members), true, 0};
  for (std::size_t k = 0; k <= non_member_count(times.size(), members); ++k) {
    if (node_limit > 0 && result.nodes_examined >= node_limit) {
      result.proven_optimal = false;  // the sets with more recruits were not searched
      break;
    }
    SenderOnlySearchOptions options;
    options.node_limit = node_limit > 0 ? node_limit - result.nodes_examined : 0;
    options.upper_bound = result.schedule.member_completion;
    auto search = [&](const std::vector<double>& sub_times, NodeId sub_source) {
      auto found = search_optimal_broadcast(sub_times, sub_source, options);
      result.nodes_examined += found.nodes_examined;
      result.proven_optimal = result.proven_optimal && found.proven_optimal;
      return std::move(found.tree);
    };
    MulticastSchedule candidate = multicast_with_recruits(times, source, members, k, search);
    if (candidate.member_completion < result.schedule.member_completion)
      result.schedule = std::move(candidate);
  }
  return result;
}

ScheduleResult schedule_optimal_multicast(const BroadcastInstance& instance, NodeId root,
                                          const std::vector<NodeId>& members)
{
  bool proven = false;
  auto result = schedule_sender_only_multicast(
      instance, root, members, [&proven](const std::vector<double>& times, NodeId source, const std::vector<NodeId>& group) {
        auto found = search_optimal_multicast(times, source, group, kOptimalSchedulerNodeLimit);
        proven = found.proven_optimal;
        return std::move(found.schedule);
      });
  result.optimality = proven ? "proven" : "unproven";
  return result;
}

}  // namespace hbcast
