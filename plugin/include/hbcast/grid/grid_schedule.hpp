#pragma once
#include <hbcast/grid/grid_instance.hpp>

#include <cstddef>
#include <vector>

namespace hbcast {

/// One inter-cluster transfer: coordinator `sender` sends the message to coordinator `receiver`.
struct GridTransfer {
  std::size_t sender = 0;
  std::size_t receiver = 0;
  double start = 0;    ///< seconds
  double arrival = 0;  ///< start + g + L
};

/// An inter-cluster schedule and what it predicts (Barchet-Steffenel-Mounié, section 3). A coordinator makes its
/// inter-cluster sends first, then broadcasts inside its cluster ("when a cluster does not
/// participate in any other inter-cluster communication, it can finally broadcast"), so
///   release_i  = end of i's last inter-cluster send, or its arrival if it sends none,
///   makespan   = max_i (release_i + T_i).
struct GridSchedule {
  std::vector<GridTransfer> transfers;  ///< in the order the heuristic chose them
  std::vector<double> arrival;          ///< per cluster; 0 for the root cluster
  std::vector<double> release;          ///< per cluster
  double makespan = 0;
};

/// When a cluster's internal broadcast can start.
///  * release: after its coordinator's last inter-cluster send (Barchet-Steffenel-Mounié, section 3: "when a cluster
///    does not participate in any other inter-cluster communication, it can finally broadcast");
///    this is GridSchedule::makespan and what the replayed tree does.
///  * arrival: as soon as the coordinator holds the message, max_i (arrival_i + T_i), as if relaying
///    cost its own cluster nothing: the completion time the lookahead functions reason with
///    (g_jk + L_jk + T_k).
enum class GridCompletion { release, arrival };

/// The schedule's makespan under `completion`.
double grid_makespan(const GridInstance& instance, const GridSchedule& schedule, GridCompletion completion);

/// Times a sequence of (sender, receiver) decisions as early as possible: each transfer starts when
/// its sender holds the message and has finished its previous send. Throws std::invalid_argument
/// when a sender does not hold the message yet, a cluster receives twice or never, or an index is
/// out of range.
GridSchedule time_grid_schedule(const GridInstance& instance,
                                const std::vector<std::pair<std::size_t, std::size_t>>& decisions);

/// Checks a schedule against the instance, recomputing everything from its transfers alone (sorted
/// by start): every non-root cluster receives once, from a cluster that already held the message;
/// no coordinator sends two messages at once; arrival = start + g + L; release, arrival and makespan
/// as stated. Returns the recomputed makespan; throws std::invalid_argument naming the problem.
double check_grid_schedule(const GridInstance& instance, const GridSchedule& schedule, double tolerance = 1e-9);

}  // namespace hbcast
