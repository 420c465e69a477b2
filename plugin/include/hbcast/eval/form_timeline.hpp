#pragma once
#include <hbcast/core/broadcast_tree.hpp>
#include <hbcast/core/periodic_schedule.hpp>
#include <hbcast/model/cost_model.hpp>

#include <cstddef>
#include <vector>

namespace hbcast {

/// The timeline of an executable multi-tree form, predicted transfer by transfer as the replay and
/// libhbcast_mpi run it, every transfer at its pairwise time (latency + bytes / bandwidth): exact
/// where no link is over-subscribed (SimGrid's exact mode).
struct FormTimeline {
  double makespan = 0.0;
  /// Mean inter-arrival, at the node that completes last, after its first ceil(K / 10) slices:
  /// the replay's observed period (observed_period below).
  double period = 0.0;
  std::size_t transfers = 0;
  /// arrival[v][j]: when node v holds all of slice j (0 at the root).
  std::vector<std::vector<double>> arrival;
};

/// The replay's steady-state measure: with `arrivals` a node's slice arrival times, (last arrival -
/// its ceil(K / 10)-th arrival) / (K - ceil(K / 10)); 0 with fewer than two slices.
double observed_period(std::vector<double> arrivals);

/// The periodic form's steady-state measure at a node: a period of a schedule that runs
/// ceil(K / `block`) blocks with a largest lag of `lag` periods is full (every piece moves) only
/// from period `lag` to period blocks - 1; the first `lag` are its start-up and the last its
/// wind-down, which a self-timed run goes through faster. So with T(b) the time the node holds the
/// message's first b blocks in slice order (a block's trees reach it with different lags), the
/// period is (T(blocks - lag) - T(b0 + 1)) / the slices between, b0 = max(lag, the blocks of the
/// first ceil(K / 10) slices - 1); without two such blocks, the whole run: (last arrival -
/// `origin`) / K. 0 with fewer than two slices.
double periodic_observed_period(std::vector<double> arrivals, std::size_t block, std::size_t lag, double origin = 0.0);

/// How a message of `count` elements of `element_bytes` moves: each message also carries
/// `envelope_bytes` (SMPI's 16 bytes when timing what SMPI will run).
struct FormMessage {
  std::size_t count = 0;
  std::size_t slices = 1;
  double element_bytes = 1.0;
  double envelope_bytes = 0.0;
};

/// The periodic form (core/periodic_schedule.hpp): each node runs its steps in order, a transfer
/// starts when both its sender and its receiver reached its step (a rendezvous) and, with the
/// schedule's clock, not before its slot's time; a node's next step starts when its send and its
/// receive of this one are done.
FormTimeline periodic_timeline(const std::vector<BroadcastTree>& trees, const std::vector<double>& weights,
                               const PeriodicSchedule& schedule, const CostModel& costs, const FormMessage& message);

/// The rate-capped form: the message is cut into rounds of `round_slices` slices, each split
/// among the trees by weight (cumulative_shares); the root starts round r's parts at r x
/// capped_round_seconds (round_slices / sum(weights), slowed by kCappedPaceSlack), every node
/// forwards a part to its children in the part's tree as soon as it holds it, and each transfer
/// of tree t is capped at weights[t] x slice bytes per second (Comm::set_rate), so it takes
/// latency + bytes / cap.
FormTimeline capped_timeline(const std::vector<BroadcastTree>& trees, const std::vector<double>& weights,
                             std::size_t round_slices, const CostModel& costs, const FormMessage& message);

/// Bytes per second each tree's transfers are capped at in the rate-capped form: weights[t] (slices
/// per second) x the mean slice's bytes.
std::vector<double> capped_rates(const std::vector<double>& weights, const FormMessage& message);

}  // namespace hbcast
