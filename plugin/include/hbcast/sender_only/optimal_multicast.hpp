#pragma once
#include <hbcast/model/broadcast_instance.hpp>
#include <hbcast/model/schedule_result.hpp>
#include <hbcast/sender_only/multicast_schedule.hpp>

#include <cstdint>
#include <vector>

namespace hbcast {

/// The best multicast found and whether it is proven optimal.
struct OptimalMulticastResult {
  MulticastSchedule schedule;
  bool proven_optimal = false;
  std::uint64_t nodes_examined = 0;  ///< summed over the searches, one per number of recruits
};

/// The optimal multicast in the sender-only model. Khuller-Kim-Woeginger, section 4, Theorem 4: an optimal
/// multicast that recruits k non-members may recruit the k fastest, and is then a broadcast over
/// the source, the members and those k (recruits informed after the last member are dropped by
/// make_multicast_schedule). So the optimum is the best over k = 0..|non-members| of the optimal
/// broadcast over that set, each found by the branch-and-bound of Liu, section 5
/// (sender_only_search.hpp) from the given source, below the best multicast so far (FNF
/// multicast's to begin with). `node_limit` (0: none) bounds the nodes of all searches together;
/// once it is spent the best schedule so far is returned, not proven, and never worse than FNF's.
OptimalMulticastResult search_optimal_multicast(const std::vector<double>& times, NodeId source,
                                                const std::vector<NodeId>& members, std::uint64_t node_limit);

/// Registry multicast of `optimal`: the sender-only t_u at the instance's transfer size, the
/// `optimal` scheduler's node limit, marked "proven" or "unproven".
ScheduleResult schedule_optimal_multicast(const BroadcastInstance& instance, NodeId root,
                                          const std::vector<NodeId>& members);

}  // namespace hbcast
