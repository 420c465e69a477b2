#pragma once
#include <hbcast/core/broadcast_tree.hpp>
#include <hbcast/core/periodic_schedule.hpp>
#include <hbcast/model/cost_model.hpp>
#include <hbcast/model/link_route_model.hpp>

#include <cstddef>
#include <utility>
#include <vector>

namespace hbcast {

/// What a transfer from -> to takes of each SHARED link of its route: its route's bottleneck
/// bandwidth over the link's, once per crossing (SimGrid gives a route that crosses a link twice
/// half of it). FATPIPE links bound each flow alone and are left out.
std::vector<std::pair<LinkId, double>> shared_link_shares(const LinkRouteModel& links, NodeId from, NodeId to);

/// The slots of one period of a multi-tree plan, one-port and link-aware: the period's transfers
/// (tree t's block on each of its edges, as in decompose_period) packed first fit by decreasing
/// length into slots in which no node sends twice or receives twice, and no SHARED link carries
/// more than its bandwidth (each piece at its route's bottleneck bandwidth; a SPLITDUPLEX link is
/// two directed links, a FATPIPE link bounds each flow alone). A transfer longer than `quantum`
/// seconds is cut into equal pieces no longer than it, placed in increasing slots (a quantum of 0
/// cuts none). This is the bipartite edge colouring of Beaumont, Legrand, Marchal, Robert (IEEE
/// TPDS 2005, section 4) with the platform's shared links as extra resources: every port and link
/// constraint holds within a slot, and a slot lasts as long as its longest piece.
/// How pack_period orders the pieces: longest first, each into the first slot it fits; slot after
/// slot, the pieces whose busiest port or link has the most time left first; or the same with
/// every slot as long as its first piece (at most a quantum), longer transfers cut to it (a rest
/// within a quarter of the slot goes whole: a sliver would pay a latency of its own).
enum class PackingOrder { longest_first, busiest_first, even_slots };

PeriodicSchedule pack_period(const std::vector<BroadcastTree>& trees, const std::vector<double>& weights,
                             const CostModel& costs, double slice_bytes, std::size_t period_slices,
                             const LinkRouteModel* links, double quantum, PackingOrder order);

/// The length of each slot (its longest piece, latency included), in order.
std::vector<double> slot_lengths(const PeriodicSchedule& schedule, const std::vector<double>& weights, const CostModel& costs, double slice_bytes);

}  // namespace hbcast
