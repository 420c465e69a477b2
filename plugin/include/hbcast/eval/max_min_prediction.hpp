#pragma once
#include <hbcast/core/broadcast_tree.hpp>
#include <hbcast/model/cost_model.hpp>
#include <hbcast/model/link_route_model.hpp>
#include <hbcast/model/port_model.hpp>

#include <cstddef>
#include <vector>

namespace hbcast {

/// A tree's broadcast under SimGrid's max-min sharing of the links (max_min_prediction.cpp).
struct MaxMinPrediction {
  /// Time at which every node holds every slice.
  double makespan = 0.0;
  /// Per node, when it holds the last slice (the root: 0).
  std::vector<double> completion_time;
  /// Slice transfers run, and the instants at which the rates were solved again.
  std::size_t transfers = 0;
  std::size_t solves = 0;
};

/// The fluid model is used up to this many slice transfers x hosts (each of its instants solves
/// the rates of every flow in flight, at most one per tree edge); above, the cost would pass that
/// of the replay itself.
inline constexpr double kMaxMinWorkLimit = 4e6;

/// Whether predict_max_min is run for a tree over `hosts` hosts with `slices` slices.
bool max_min_applies(std::size_t hosts, std::size_t slices);

/// The broadcast of `slices` slices of `slice_bytes` along `tree` under `port`, as the tree replay
/// runs it in SimGrid's exact mode (CM02, no cross traffic, TCP-gamma 1e30), with every transfer
/// sharing the links: a node sends slice by slice, to its children in order; one-port, each send
/// after the previous one ends; multi-port, send_u(S) after the previous one starts (`overheads`'
/// send overhead), each edge one slice at a time; no send before its send start (plus j x the
/// slice period for slice j). A flow takes no bandwidth during its route's latency, then gets
/// its share of SimGrid's weighted max-min allocation (CM02, section "lmm"): a flow's weight is
/// its route latency (1 for a route of none), a SHARED link's flows sum to its bandwidth (a flow
/// crossing it twice counts twice), a FATPIPE link bounds the level of its flows, and each flow
/// is bounded by its route's bottleneck bandwidth; the solver's precision rules (maxmin 1e-5,
/// timing 1e-9) are SimGrid's. Event-driven: rates are solved again at every transfer start,
/// latency end and transfer end, as SimGrid 3.32 solves them: only the links of its modified set
/// (selective update, which can leave a link over-subscribed until its next solve), with its
/// operations in its order, so that the replay's rounding is the prediction's. Throws
/// std::invalid_argument for a route the platform does not have, std::runtime_error if no flow
/// can progress.
MaxMinPrediction predict_max_min(const BroadcastTree& tree, const CostModel& overheads, const LinkRouteModel& links,
                                 double slice_bytes, std::size_t slices, PortModel port);

}  // namespace hbcast
