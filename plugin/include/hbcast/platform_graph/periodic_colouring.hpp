#pragma once
#include <hbcast/core/broadcast_tree.hpp>
#include <hbcast/core/periodic_schedule.hpp>
#include <hbcast/model/cost_model.hpp>
#include <hbcast/model/link_route_model.hpp>

#include <cstddef>
#include <vector>

namespace hbcast {

/// A period's slots, with how close their sending times come to the bound every slotting meets.
struct PeriodColouring {
  PeriodicSchedule schedule;
  /// The slots' sending times summed (latency left out), in seconds.
  double sending_time = 0.0;
  /// The busiest port's or SHARED link's sending time in the period: no slotting is shorter.
  double busiest = 0.0;
};

/// The slots of one period of a multi-tree plan, one-port and link-aware, as a weighted edge
/// colouring of its transfers (Beaumont, Legrand, Marchal, Robert, IEEE TPDS 2005, section 4)
/// with the platform's SHARED links as extra resources.
///
/// Tree t carries weights[t] / sum of the period's `period_slices` slices of `slice_bytes` on each
/// of its edges, a transfer of d = bytes / bandwidth seconds of sending. A slot is a set of
/// transfers in which no node sends twice or receives twice and no SHARED link carries more than
/// its bandwidth (each transfer at its route's bottleneck, shared_link_shares). The slots' lengths
/// x_S solve min sum_S x_S subject to sum_{S containing e} x_S >= d_e for every transfer e (a
/// fractional colouring), by column generation: the next set maximises the program's duals (a
/// maximum-weight matching of the ports, priced again with a price on the links it overloads, or
/// greedy sets improved by exchanges at a port, several a round), until none prices out, the
/// busiest resource's time is met, 50 rounds gain less than 0.2%, the program's size summed over
/// the rounds passes a budget, or for at most 1,000 rounds (then the sets found so far, every
/// transfer alone among them). Transfers between the same two hosts take the same resources:
/// the program has one row per pair of hosts, and a pair's transfers take its slots' time in
/// turn. Without shared links the optimum is the busiest port's time (Konig's theorem: the
/// Birkhoff decomposition of decompose_period); links can make it longer. Every slot also pays
/// its pieces' latency.
///
/// The slots go in a list order: each next one the slot whose time goes most to transfers whose
/// sender already holds its tree's data of the period, so that a block crosses several hops in
/// one period (periodic_lags). A transfer's pieces follow the slots it is in.
PeriodColouring colour_period(const std::vector<BroadcastTree>& trees, const std::vector<double>& weights,
                              const CostModel& costs, double slice_bytes, std::size_t period_slices,
                              const LinkRouteModel* links);

}  // namespace hbcast
