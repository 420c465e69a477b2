#pragma once
#include <hbcast/core/broadcast_tree.hpp>
#include <hbcast/eval/contention_analysis.hpp>
#include <hbcast/model/cost_model.hpp>
#include <hbcast/model/link_route_model.hpp>
#include <hbcast/model/port_model.hpp>

#include <cstddef>
#include <string>
#include <vector>

namespace hbcast {

/// What sets a tree's steady-state period: a host's ports, a shared link, or the tree's own pace
/// (BroadcastTree::slice_period).
struct PeriodBottleneck {
  enum class Kind { none, port, link, pace };
  Kind kind = Kind::none;
  NodeId node = kNoNode;  ///< kind port: the host (tree node)
  LinkId link = 0;        ///< kind link: the link (its name in `name`)
  std::string name;
};

/// A tree's broadcast of `slices` slices predicted with the platform's links (link_prediction.cpp).
struct LinkPrediction {
  /// Time at which every node holds every slice. Exact (the replay in exact mode equals it) when
  /// `exact`; otherwise an estimate that honours every link's capacity: the largest of the ports'
  /// recurrence, start-up + (K - 1) x period and link_lower_bound of the K slices.
  double makespan = 0.0;
  /// Time at which the first slice reaches the last node, each transfer taking its route's
  /// latency + slice / bottleneck bandwidth (the start-up follows the routes).
  double startup = 0.0;
  /// Steady-state period (seconds per slice): the larger of the two below, and of the tree's pace
  /// when it is paced. A lower bound on the period of any schedule of this tree; met when `exact`
  /// and the slices are many.
  double period = 0.0;
  /// The ports' period (steady_state_period: Beaumont-Marchal-Robert, sections 3.1 and 3.2).
  double port_period = 0.0;
  /// The links' period: max over SHARED links of (tree edges crossing it, counted per crossing) x
  /// slice / bandwidth. FATPIPE links bound each flow alone, which the edges' times already hold.
  double link_period = 0.0;
  PeriodBottleneck bottleneck;
  /// True when `makespan` and `completion_time` are exact: the slice timeline over-subscribes no
  /// shared link (every transfer runs at its route's bottleneck rate), or it does and `max_min`
  /// holds. False: the makespan is an estimate and `period` a bound; `contention` names the links.
  bool exact = true;
  /// True when the slice timeline over-subscribes a shared link and the makespan and completion
  /// times come from the replay's max-min sharing of the links (predict_max_min, within
  /// max_min_applies' size limit).
  bool max_min = false;
  /// The shared links the slice timeline over-subscribes (analyze_contention on every slice
  /// transfer of the ports' recurrence).
  ContentionReport contention;
  /// Per node, when it holds the last slice under the ports' recurrence (exact when `exact`).
  std::vector<double> completion_time;
};

/// Predicts `tree` broadcasting `slices` slices of `slice_bytes` (one slice: an atomic broadcast)
/// under `port`, with the platform's links: the ports' recurrence (evaluate_pipelined, or
/// evaluate_atomic for one slice) times every slice transfer, the contention analysis judges that
/// timeline, and the periods of the ports and of every shared link give the steady state. Where
/// the timeline over-subscribes a link, the makespan is that of the max-min sharing
/// (predict_max_min) when max_min_applies, the estimate otherwise.
/// `costs` must be the pairwise model of `links` (T_uv = route latency + S / bottleneck), with the
/// multi-port send overheads. Cost: O(n K) for the recurrence, the analysis linear in the n K slice
/// transfers (their routes looked up once per edge, cached by the model), O(n h) for the link loads.
/// `use_max_min` false keeps the estimate (a search that ranks many slice counts); `any_size` runs
/// the max-min prediction beyond max_min_applies' limit (a tree chosen for its max-min figure).
LinkPrediction predict_with_links(const BroadcastTree& tree, const CostModel& costs, const LinkRouteModel& links,
                                  double slice_bytes, std::size_t slices, PortModel port, bool use_max_min = true,
                                  bool any_size = false);

/// The links' period of `tree` alone (LinkPrediction::link_period and its link), O(n h).
double link_period(const BroadcastTree& tree, const LinkRouteModel& links, double slice_bytes,
                   PeriodBottleneck* bottleneck = nullptr);

/// A lower bound on predict_with_links' makespan (estimate or exact) of `tree` at `slices` slices
/// of `slice_bytes`: (K - 1) x the busiest port's time per slice (an edge carries one slice at a
/// time, a one-port sender one transfer; Beaumont-Marchal-Robert 3.2), which every slice after
/// the first adds there. O(n); no transfer is timed.
double ports_lower_bound(const BroadcastTree& tree, const CostModel& costs, double slice_bytes, std::size_t slices,
                         PortModel port);

/// A lower bound on the makespan of `tree` broadcasting `message_bytes` at any slice count and
/// under either port model, from the links alone: every byte crosses each SHARED link once per
/// tree edge routed through it (max over those links of crossings x message / bandwidth), and the
/// first byte reaches each node no earlier than the latencies on its tree path, and its edge then
/// carries the whole message at its bottleneck rate at most. Valid for the replay and the max-min
/// prediction, where sharing only slows a transfer. O(n h).
double link_lower_bound(const BroadcastTree& tree, const CostModel& costs, const LinkRouteModel& links,
                        double message_bytes);

}  // namespace hbcast
