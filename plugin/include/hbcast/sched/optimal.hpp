#pragma once
#include <hbcast/model/broadcast_instance.hpp>
#include <hbcast/sched/schedule_result.hpp>

#include <cstdint>

namespace hbcast {

/// Search-tree nodes the `optimal` scheduler may visit before it returns its best tree unproven.
/// Deterministic (a time limit would not be). With the fastest-remaining bound, 3-class instances
/// of 30 processors are proven in a few nodes; see README for the measured range.
inline constexpr std::uint64_t kOptimalSchedulerNodeLimit = 20'000'000;

/// The optimal broadcast tree on the sender-only model derived from the instance, from the given
/// root: the FNF-guided branch-and-bound of seed 000, section 5 (sender_only_search.hpp), marked
/// "proven" or "unproven" (node limit reached: the best tree found, at worst FNF's).
ScheduleResult schedule_optimal(const BroadcastInstance& instance, NodeId root);

}  // namespace hbcast
