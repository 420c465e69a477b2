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
  /// On a clock: seconds after its slot's start that the sender starts it (its receive is posted
  /// at the slot's start), so that the pieces of a slot whose latencies differ begin sending
  /// together. Self-timed schedules ignore it.
  double delay = 0.0;
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
/// k x (their sum) + the lengths of the slots before s after the broadcast's start, and a node
/// starts each of its steps then (its send `delay` seconds later; periodic_step_order), without
/// waiting for its earlier steps to end: a send waits only for the receives that bring what it
/// forwards (periodic_send_needs), and receives are posted a period ahead
/// (periodic_receive_window). A slot's transfers may so
/// begin while the slot before still runs, during their latency, which takes no bandwidth
/// (periodic_clock). Without a clock, every node is self-timed: it runs its steps one after the
/// other, each once the step before has ended (a transfer starts when both ends reach it).
struct PeriodicSchedule {
  std::size_t period_slices = 1;
  std::vector<std::vector<PeriodicPiece>> slots;
  std::vector<double> slot_seconds;
  /// Each node's lag in each tree (lags[t][v], kNoNode where tree t does not reach v), or none:
  /// then periodic_lags' rule from the slots' order. A clock sets them from its times
  /// (periodic_clock): a node forwards a block once its pieces in have ended.
  std::vector<std::vector<std::size_t>> lags;
};

/// The pieces of one period, over all its slots.
std::size_t periodic_piece_count(const PeriodicSchedule& schedule);

/// The clock of a schedule: offsets[s] is when slot s starts within a period, offsets.back() the
/// period's length (slots + 1 values); empty when the schedule has no clock.
std::vector<double> periodic_slot_offsets(const PeriodicSchedule& schedule);

/// When a step of `period` and `slot` may start, from the broadcast's start (offsets from
/// periodic_slot_offsets; 0 when they are empty).
double periodic_step_time(const std::vector<double>& offsets, std::size_t period, std::size_t slot);

/// What a node does in one slot of one period: it posts its receive (if any) and sends (if any).
/// Self-timed, it waits for both before its next step. Ranges are elements of the message.
struct PeriodicTransfer {
  NodeId peer = kNoNode;
  std::size_t tree = 0;
  std::size_t period = 0;  ///< the period of the schedule (start-up included) the step belongs to
  std::size_t slot = 0;
  ElementRange range;
  double delay = 0.0;  ///< the piece's delay (a send's, on a clock)
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
/// an edge that is not its tree's, pieces of an edge that do not cover its block exactly once,
/// slot lengths that are not one finite time >= 0 per slot, a delay that is not a finite time >= 0,
/// or lags that are not one per tree and
/// node (the root's 0, a node's no less than its parent's, the same only where its pieces in come
/// in slots before its pieces out, at most 10^6 periods).
void check_periodic_schedule(const PeriodicSchedule& schedule, const std::vector<std::vector<NodeId>>& parents);

/// `node`'s steps, in order, to broadcast `count` elements cut into `slices` slices with the
/// plan's `weights` (the same on every node: the replay and libhbcast_mpi run these). Steps with
/// nothing to move (an empty part, a block past the message's end) are left out on both ends.
std::vector<PeriodicStep> periodic_steps(const PeriodicSchedule& schedule,
                                         const std::vector<std::vector<NodeId>>& parents,
                                         const std::vector<double>& weights, NodeId node, std::size_t count,
                                         std::size_t slices);

/// For each of a node's steps (periodic_steps, in order): the earlier steps whose receive brings
/// elements that its send forwards (none for a step without a send).
std::vector<std::vector<std::size_t>> periodic_send_needs(const std::vector<PeriodicStep>& steps);

/// On a clock, a node posts its receives a period ahead: once it starts step i, the receives of
/// steps [0, window[i]) are posted, every step of step i's period and the next. So no transfer
/// waits for its receive while the node waits for a send.
std::vector<std::size_t> periodic_receive_window(const std::vector<PeriodicStep>& steps);

/// On a clock, the order in which a node starts its steps: by time from the broadcast's start
/// (its slot's time, plus its send's delay), then by index. A send whose delay takes it past a
/// later slot's step thus starts after that step.
std::vector<std::size_t> periodic_step_order(const std::vector<PeriodicStep>& steps, const std::vector<double>& offsets);

/// When a node starts step `step` on a clock (offsets from periodic_slot_offsets): its slot's
/// time, plus its send's delay.
double periodic_step_start(const std::vector<double>& offsets, const PeriodicStep& step);

/// Each node's lag in each tree: lags[t][v], the periods between the root's sending of a block of
/// tree t and v's: the schedule's own `lags` when it has them, else this rule: a node forwards a
/// block in the period it receives it when its last piece in comes in an earlier slot than its
/// first piece out (same lag as its parent), else in the next period (lag + 1); the root's lag is 0. With slots in depth order a block crosses a whole tree
/// in one period. Unreached nodes keep kNoNode.
std::vector<std::vector<std::size_t>> periodic_lags(const PeriodicSchedule& schedule,
                                                    const std::vector<std::vector<NodeId>>& parents);

/// The number of periods the schedule runs for `slices` slices: ceil(slices / P) + the largest
/// sender's lag.
std::size_t periodic_period_count(const PeriodicSchedule& schedule, const std::vector<std::vector<NodeId>>& parents,
                                  std::size_t slices);

}  // namespace hbcast
