#pragma once
#include <hbcast/core/broadcast_tree.hpp>
#include <hbcast/core/periodic_schedule.hpp>
#include <hbcast/model/cost_model.hpp>
#include <hbcast/model/link_route_model.hpp>

#include <cstddef>
#include <vector>

namespace hbcast {

/// The slots of one period of a multi-tree plan, one-port (Beaumont, Legrand, Marchal, Robert,
/// IEEE TPDS 2005, section 4: a weighted bipartite edge colouring of the period's transfers).
///
/// Tree t carries weights[t] / sum of the period's `period_slices` slices of `slice_bytes`; each of
/// its edges u -> v moves that block in costs.transfer_time(u, v, block) seconds. Senders and
/// receivers are the two sides of a bipartite graph whose edge weights are those times; padded
/// with idle weight to a regular graph of degree Delta (the busiest port's time), it is Delta times a
/// doubly stochastic matrix, which Birkhoff's theorem writes as at most (nonzero entries) weighted
/// perfect matchings: the slots, in order, whose lengths sum to Delta (Konig's edge colouring
/// theorem, weighted). A transfer that spans several matchings is cut into pieces, one per slot
/// (each costs its latency again); a piece shorter than twice its latency joins the transfer's
/// previous piece.
///
/// With `links`, a slot whose pieces would together exceed a SHARED link's bandwidth (each at its
/// route's bottleneck bandwidth) is cut, first fit, into slots that do not.
PeriodicSchedule decompose_period(const std::vector<BroadcastTree>& trees, const std::vector<double>& weights,
                                  const CostModel& costs, double slice_bytes, std::size_t period_slices,
                                  const LinkRouteModel* links = nullptr);

}  // namespace hbcast
