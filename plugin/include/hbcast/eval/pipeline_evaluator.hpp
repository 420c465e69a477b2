#pragma once
#include <hbcast/core/broadcast_tree.hpp>
#include <hbcast/eval/timed_transfers.hpp>
#include <hbcast/model/cost_model.hpp>
#include <hbcast/model/port_model.hpp>

#include <cstddef>
#include <vector>

namespace hbcast {

struct PipelinePrediction {
  /// Time at which every node holds every slice.
  double makespan = 0.0;
  /// Steady-state period (seconds per slice) and throughput (bytes per second).
  double period = 0.0;
  double throughput = 0.0;
  /// Time at which each node holds the last slice.
  std::vector<double> completion_time;
};

/// Single-tree pipelined broadcast (STP, Beaumont-Marchal-Robert) of `slices` slices of `slice_bytes` bytes.
///
/// Makespan: the exact event recurrence. A node forwards slice j to its children in order once it
/// holds slice j, and may receive while it sends. One-port: a send starts when the node holds the
/// slice and its previous send has ended. Multi-port: it starts when the node holds the slice, the
/// previous send started send_u(L) ago, and the previous slice on the same edge has arrived.
/// Costs O(n * slices) time.
///
/// Period (Beaumont-Marchal-Robert, section 3.1, one-port): max over nodes u of max(sum_c T_uc(L), T_{parent,u}(L)).
/// Period (section 3.2, multi-port): max over u of max(children(u) * send_u(L), max_c T_uc(L), T_{parent,u}(L)).
/// A paced tree (BroadcastTree::set_slice_period) also sends a slice at most every slice period.
PipelinePrediction evaluate_pipelined(const BroadcastTree& tree, const CostModel& costs, double slice_bytes,
                                      std::size_t slices, PortModel port);
/// The same, appending every slice transfer the recurrence times to `transfers` ([start, arrival),
/// arrival - start = T_uv(L)): node by node in depth-first order, each node's sends in the order it
/// makes them (slice by slice, its children in order within a slice). The contention analysis
/// reads this timeline, so that it judges the very schedule the prediction describes.
PipelinePrediction evaluate_pipelined(const BroadcastTree& tree, const CostModel& costs, double slice_bytes,
                                      std::size_t slices, PortModel port, std::vector<TimedTransfer>& transfers);

/// Bytes in each slice when a message of `message_bytes` is cut into `slices`: ceil(M / K), the
/// last slice padded, so that every slice is a whole number of bytes for the replay.
double slice_size(double message_bytes, std::size_t slices);

/// The steady-state period alone, in O(n).
double steady_state_period(const BroadcastTree& tree, const CostModel& costs, double slice_bytes, PortModel port);

}  // namespace hbcast
