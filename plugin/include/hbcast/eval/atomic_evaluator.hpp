#pragma once
#include <hbcast/core/broadcast_tree.hpp>
#include <hbcast/model/cost_model.hpp>
#include <hbcast/model/port_model.hpp>

#include <vector>

namespace hbcast {

struct AtomicPrediction {
  double makespan = 0.0;
  /// Time at which each node holds the whole message (0 for the root).
  std::vector<double> ready_time;
};

/// Single-tree atomic broadcast (STA, Beaumont-Marchal-Robert Table 1) of `bytes` bytes.
/// One-port: a node receives once, then sends to its children in order, each send taking T_uv;
///   ready(c_i) = max(end of the previous send, ready(u), start_not_before(c_i)) + T_{u,c_i}.
/// Multi-port: a node starts send i+1 send_u(S) after send i (Beaumont-Marchal-Robert, section 3.2);
///   ready(c_i) = start_i + T_{u,c_i}, start_{i+1} = max(start_i + send_u(S), start_not_before(c_{i+1})).
/// The tree must be valid (validate_tree).
AtomicPrediction evaluate_atomic(const BroadcastTree& tree, const CostModel& costs, double bytes, PortModel port);

}  // namespace hbcast
