#pragma once
#include <hbcast/core/broadcast_tree.hpp>
#include <hbcast/core/node_id.hpp>
#include <hbcast/model/broadcast_instance.hpp>
#include <hbcast/model/cost_model.hpp>
#include <hbcast/model/link_route_model.hpp>
#include <hbcast/model/port_model.hpp>
#include <hbcast/model/schedule_result.hpp>

#include <cstddef>
#include <string>

namespace hbcast {

/// Up to this many hosts the link-aware greedy schedulers also try the seed trees.
inline constexpr std::size_t kLinkSeedHosts = 2048;

/// While one lives (in this thread), with_link_timed_seeds leaves out the seed trees left to
/// contend (a fluid run each): a search over slice counts ranks without them, then builds the
/// count it chose with them.
class WithoutContendingSeeds {
public:
  WithoutContendingSeeds();
  ~WithoutContendingSeeds();
  WithoutContendingSeeds(const WithoutContendingSeeds&) = delete;
  WithoutContendingSeeds& operator=(const WithoutContendingSeeds&) = delete;
};

/// The model name of a seed tree left to contend: its exact prediction is the max-min one.
inline constexpr const char* kContendingSeedModel = "pairwise; the tree contends, its exact prediction is max-min sharing";

/// A lower bound on the makespan of `shape` left to contend, `slices` slices of `slice_bytes` under
/// `port`: the larger of its ports' recurrence (sharing the links only slows a transfer) and
/// link_lower_bound of its slices' bytes. O(n K + n h).
double contending_lower_bound(const BroadcastTree& shape, const CostModel& costs, const LinkRouteModel& links,
                              double slice_bytes, std::size_t slices, PortModel port);

/// The first to finish of `own` (a link-aware scheduler's schedule) and the seed trees, the
/// published trees the link-aware ones are judged against (flat, binomial, FNF, ECEF:
/// Barchet-Steffenel-Mounié, section 4; Beaumont-Marchal-Robert, Algorithm 4; Liu, section 3), each
/// in two forms: with its send orders kept and placed in the link timeline (link_timed: re-timed
/// for one slice, paced for several; it over-subscribes no shared link), and left to contend (its
/// transfers share the links at partial rates; its own model is then named kContendingSeedModel).
/// Every figure compared is exact: the pairwise makespan of a placed tree, the max-min prediction
/// (predict_max_min, at any size) of a contending one, run only when the contending tree's lower
/// bound (its ports' recurrence, and link_lower_bound of its K slices) is below the best so far;
/// ties keep the earlier (`own`, then the placed form). A seed that does not apply (e.g. a pair the platform does
/// not route) is skipped; beyond kLinkSeedHosts hosts `own` is returned as is.
ScheduleResult with_link_timed_seeds(ScheduleResult own, const BroadcastInstance& instance, NodeId root,
                                     const std::string& who);

}  // namespace hbcast
