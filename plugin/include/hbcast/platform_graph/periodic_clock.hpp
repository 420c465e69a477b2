#pragma once
#include <hbcast/core/periodic_schedule.hpp>
#include <hbcast/model/cost_model.hpp>
#include <hbcast/model/link_route_model.hpp>

#include <cstddef>
#include <vector>

namespace hbcast {

/// A clock for a periodic schedule on which its pieces overlap as far as the network lets them. A
/// piece starts, pays its route's latency, which takes no bandwidth (SimGrid's CM02 model), then
/// sends. In slot order, each piece starts so that its sending begins once its sender's port and
/// its receiver's are free and every SHARED link of its route has its share of bandwidth left
/// (`links` may be null: the ports alone); its delay is its start after its slot's time, the
/// earliest start of that slot and the ones after it. A node forwards a block in the period its
/// pieces in come when they have ended by its first piece out's start, else as many periods later
/// as they need (the lags). The period is the shortest, from the busiest port's or link's sending
/// and the last slot's time, at which the periods' sending overlaps on no port and fits every link
/// (at worst the longest span of a port's or link's sending in one period). Beaumont, Legrand,
/// Marchal, Robert (IEEE TPDS 2005, section 4) charge each slot its longest piece, latency
/// included; overlapping the latencies keeps that from adding up over hundreds of slots.
struct PeriodicClock {
  std::vector<double> slot_seconds;               ///< PeriodicSchedule::slot_seconds
  std::vector<std::vector<std::size_t>> lags;     ///< PeriodicSchedule::lags
  std::vector<std::vector<double>> delays;        ///< each piece's PeriodicPiece::delay, slot by slot
};

PeriodicClock periodic_clock(const PeriodicSchedule& schedule, const std::vector<std::vector<NodeId>>& parents,
                             const std::vector<double>& weights, const CostModel& costs, double slice_bytes,
                             const LinkRouteModel* links);

/// `schedule` on `clock`: its slot times, lags and pieces' delays set from it.
PeriodicSchedule with_clock(PeriodicSchedule schedule, const PeriodicClock& clock);

/// The pieces of a period's schedule in the order a list schedule sends them: each next piece is
/// the one whose sending could begin first (its ports free, its SHARED links' shares left, its
/// latency counted; each edge's pieces in their order), each in a slot of its own. Its slots then
/// go on periodic_clock; a slot-by-slot order leaves ports idle where a slot's pieces differ.
PeriodicSchedule periodic_start_order(const PeriodicSchedule& schedule, const std::vector<double>& weights,
                                      const CostModel& costs, double slice_bytes, const LinkRouteModel* links);

}  // namespace hbcast
