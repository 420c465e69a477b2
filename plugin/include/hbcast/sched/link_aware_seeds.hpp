#pragma once
#include <hbcast/core/node_id.hpp>
#include <hbcast/model/broadcast_instance.hpp>
#include <hbcast/model/schedule_result.hpp>

#include <cstddef>
#include <string>

namespace hbcast {

/// Up to this many hosts the link-aware greedy schedulers also try the seed trees.
inline constexpr std::size_t kLinkSeedHosts = 2048;

/// `own` (a link-aware scheduler's schedule), or the first of the seed trees, the published trees
/// the link-aware ones are judged against (flat, binomial, FNF, ECEF: Barchet-Steffenel-Mounié,
/// section 4; Beaumont-Marchal-Robert, Algorithm 4; Liu, section 3), each with its send orders kept
/// and placed in the link timeline (link_timed: re-timed for one slice, paced for several), when its
/// exact prediction finishes earlier. The result over-subscribes no shared link either way, so the
/// choice is made on exact figures. A seed that does not apply (e.g. a pair the platform does not
/// route) is skipped; beyond kLinkSeedHosts hosts `own` is returned as is.
ScheduleResult with_link_timed_seeds(ScheduleResult own, const BroadcastInstance& instance, NodeId root,
                                     const std::string& who);

}  // namespace hbcast
