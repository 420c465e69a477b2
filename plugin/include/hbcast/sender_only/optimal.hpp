#pragma once
#include <hbcast/model/broadcast_instance.hpp>
#include <hbcast/model/schedule_result.hpp>

#include <cstdint>

namespace hbcast {

/// Search-tree nodes the `optimal` scheduler may visit before it returns its best tree unproven.
/// Deterministic (a time limit would not be). About 0.4 s of search (500,000 nodes/s measured).
/// Within it, instances with a few speed classes are proven up to at least 30 processors (a few
/// nodes each, search_bench), and instances whose times are all distinct up to about 16-20
/// (uniform times in [1, 10): 16 processors take at most 48,000 nodes, 20 up to a million).
inline constexpr std::uint64_t kOptimalSchedulerNodeLimit = 200'000;

/// The optimal broadcast tree on the sender-only model derived from the instance, from the given
/// root: the FNF-guided branch-and-bound of Liu, section 5 (sender_only_search.hpp), marked
/// "proven" or "unproven" (node limit reached: the best tree found, at worst FNF's).
ScheduleResult schedule_optimal(const BroadcastInstance& instance, NodeId root);

}  // namespace hbcast
