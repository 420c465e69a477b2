#pragma once
#include <hbcast/core/broadcast_tree.hpp>
#include <hbcast/core/periodic_schedule.hpp>
#include <hbcast/plan/broadcast_plan.hpp>

#include <map>
#include <string>
#include <vector>

namespace hbcast {

/// `tree` as a plan tree over `host_names`: edges breadth-first from the root, each parent's in
/// its send order, with the tree's send start times where it has them.
PlanTree to_plan_tree(const BroadcastTree& tree, const std::vector<std::string>& host_names, double weight = 1.0);

/// A plan tree back as a BroadcastTree over `host_names` (a node per host, in that order),
/// children in the plan's send order. Throws PlanError for a host not in `host_names`. Hosts the
/// tree does not reach (a multicast) stay without a parent; validate_tree tells whether it spans.
BroadcastTree to_broadcast_tree(const PlanTree& tree, const std::vector<std::string>& host_names,
                                const std::string& root);

/// A periodic schedule's lags in a plan's terms (host names); none where it has none.
std::vector<std::map<std::string, std::size_t>> to_plan_lags(const PeriodicSchedule& schedule,
                                                             const std::vector<std::string>& host_names);

/// A periodic plan's slots over `host_names` (nodes in that order), checked against the plan's
/// trees (check_periodic_schedule: one port, every edge's block sent once, in order). Throws
/// PlanError naming the problem.
PeriodicSchedule to_periodic_schedule(const BroadcastPlan& plan, const std::vector<std::string>& host_names);
/// A periodic schedule's slots as plan pieces over `host_names`.
std::vector<std::vector<PlanPiece>> to_plan_slots(const PeriodicSchedule& schedule,
                                                  const std::vector<std::string>& host_names);

}  // namespace hbcast
