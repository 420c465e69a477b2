#pragma once
#include <hbcast/core/element_ranges.hpp>
#include <hbcast/core/node_id.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace hbcast {

/// One transfer of a period, or a piece of one: `from` sends `to` the part [first, last) of tree
/// `tree`'s block (tree t's block of a period is its share of the period's slices, split by weight:
/// cumulative_shares).
struct PeriodicPiece {
  std::size_t tree = 0;
  NodeId from = kNoNode;
  NodeId to = kNoNode;
  double first = 0.0;
  double last = 1.0;
};

/// The periodic (time-slotted) form of a multi-tree plan (Beaumont, Legrand, Marchal, Robert,
/// "Pipelining broadcasts on heterogeneous platforms", IEEE TPDS 2005): the message is cut into
/// periods of `period_slices` slices; in every period each tree carries its weight's share of the
/// period's elements down its edges, and every period repeats the same slots, in order. In a slot
/// a node sends at most one piece and receives at most one: no port is used twice. A node of lag
/// l in tree t (periodic_lags: the periods a block of t takes to reach its sends) sends, in period
/// k, block k - l of tree t, so the schedule runs ceil(K / P) + the largest lag periods, start-up
/// and wind-down included.
///
/// With `slot_seconds` (one per slot), the slots follow a global clock: slot s of period k starts
/// no earlier than k x (their sum) + the lengths of the slots before s, from the broadcast's start,
/// so that a host that is early does not run a transfer while the slot before is still on the
/// links it crosses. Without, every host is self-timed (a transfer starts when both ends reach it).
struct PeriodicSchedule {
  std::size_t period_slices = 1;
  std::vector<std::vector<PeriodicPiece>> slots;
  std::vector<double> slot_seconds;
};

/// The clock of a schedule: offsets[s] is when slot s starts within a period, offsets.back() the
/// period's length (slots + 1 values); empty when the schedule has no clock.
std::vector<double> periodic_slot_offsets(const PeriodicSchedule& schedule);

/// When a step of `period` and `slot` may start, from the broadcast's start (offsets from
/// periodic_slot_offsets; 0 when they are empty).
double periodic_step_time(const std::vector<double>& offsets, std::size_t period, std::size_t slot);

/// What a node does in one slot of one period: it posts its receive (if any), sends (if any) and
/// waits for both, before its next step. Ranges are elements of the message.
struct PeriodicTransfer {
  NodeId peer = kNoNode;
  std::size_t tree = 0;
  std::size_t period = 0;  ///< the period of the schedule (start-up included) the step belongs to
  std::size_t slot = 0;
  ElementRange range;
};

struct PeriodicStep {
  std::optional<PeriodicTransfer> send;
  std::optional<PeriodicTransfer> receive;
};

/// Each node's depth in each tree: depths[t][v] (the root 0), from parents[t][v] (kNoNode for the
/// root and for nodes the tree does not reach, whose depth is kNoNode too).
std::vector<std::vector<std::size_t>> tree_depths(const std::vector<std::vector<NodeId>>& parents);

/// Throws std::invalid_argument naming the problem: no slot, a period of 0 slices, a piece of an
/// unknown tree or node, fractions outside [0, 1], a node sending or receiving twice in a slot,
/// an edge that is not its tree's, pieces of an edge that do not cover its block exactly once, or
/// slot lengths that are not one finite time >= 0 per slot.
void check_periodic_schedule(const PeriodicSchedule& schedule, const std::vector<std::vector<NodeId>>& parents);

/// `node`'s steps, in order, to broadcast `count` elements cut into `slices` slices with the
/// plan's `weights` (the same on every node: the replay and libhbcast_mpi run these). Steps with
/// nothing to move (an empty part, a block past the message's end) are left out on both ends.
std::vector<PeriodicStep> periodic_steps(const PeriodicSchedule& schedule,
                                         const std::vector<std::vector<NodeId>>& parents,
                                         const std::vector<double>& weights, NodeId node, std::size_t count,
                                         std::size_t slices);

/// Each node's lag in each tree: lags[t][v], the periods between the root's sending of a block of
/// tree t and v's. A node forwards a block in the period it receives it when its last piece in
/// comes in an earlier slot than its first piece out (same lag as its parent), else in the next
/// period (lag + 1); the root's lag is 0. With slots in depth order a block crosses a whole tree
/// in one period. Unreached nodes keep kNoNode.
std::vector<std::vector<std::size_t>> periodic_lags(const PeriodicSchedule& schedule,
                                                    const std::vector<std::vector<NodeId>>& parents);

/// The number of periods the schedule runs for `slices` slices: ceil(slices / P) + the largest
/// sender's lag.
std::size_t periodic_period_count(const PeriodicSchedule& schedule, const std::vector<std::vector<NodeId>>& parents,
                                  std::size_t slices);

}  // namespace hbcast
