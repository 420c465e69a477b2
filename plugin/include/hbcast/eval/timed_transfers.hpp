#pragma once
#include <hbcast/core/broadcast_tree.hpp>
#include <hbcast/model/port_model.hpp>
#include <hbcast/model/cost_model.hpp>

#include <cstdint>
#include <vector>

namespace hbcast {

/// One transfer of an atomic broadcast as the pairwise model times it: [start, end), with
/// end - start = T_{from,to}(bytes). 24 bytes: the node ids fit 32 bits (a tree's nodes are
/// counted in 32 bits everywhere the analysis goes), and at 10^4 hosts a cold analysis pays for
/// every fresh page it writes.
struct TimedTransfer {
  std::uint32_t from = 0;
  std::uint32_t to = 0;
  double start = 0.0;
  double end = 0.0;
};

/// Every edge of `tree` with its start and end under the atomic evaluator (evaluate_atomic: the
/// same send order, send start times and port model), in depth-first order from the root.
std::vector<TimedTransfer> timed_transfers(const BroadcastTree& tree, const CostModel& costs, double bytes,
                                           PortModel port);

/// The same from the evaluator's ready times of every node (AtomicPrediction::ready_time), when
/// the caller has them already (simulate predicts the tree before it analyses it).
std::vector<TimedTransfer> timed_transfers(const BroadcastTree& tree, const CostModel& costs, double bytes,
                                           const std::vector<double>& ready_time);

}  // namespace hbcast
