#pragma once
#include <hbcast/core/multi_tree_form.hpp>
#include <hbcast/core/periodic_schedule.hpp>
#include <hbcast/plan/broadcast_plan.hpp>

#include <string>
#include <vector>

namespace hbcast::mpi {

/// One plan tree over ranks: each rank's parent (-1 for the root) and children in send order,
/// with each send's start time (seconds after the broadcast starts; -1 where the plan has none).
struct RankTree {
  std::vector<int> parent;
  std::vector<std::vector<int>> children;
  std::vector<std::vector<double>> send_start;
  /// Paced slices: the n-th slice of this tree is sent no earlier than send_start + n x slice_period.
  double slice_period = 0.0;
};

/// A plan mapped onto the ranks of a communicator.
struct RankPlan {
  int rank_count = 0;
  int root = 0;
  std::size_t slices = 1;
  bool multi_port = false;
  std::vector<double> weights;  ///< one per tree
  std::vector<RankTree> trees;
  /// How several trees run (BroadcastPlan::form), slices per round (capped) or period (periodic).
  MultiTreeForm form = MultiTreeForm::concurrent;
  std::size_t form_slices = 0;
  std::size_t receives_posted = 2;  ///< capped: receives kept posted per tree (BroadcastPlan)
  /// periodic: the slots over ranks, and each tree's parents as core's periodic_steps reads them.
  PeriodicSchedule schedule;
  std::vector<std::vector<NodeId>> parents;
  /// Multi-port: each rank's pause after a send, latency + bytes x seconds per byte (the plan's send gaps).
  std::vector<double> send_latency, send_seconds_per_byte;
};

/// Maps `plan` onto ranks, rank r running on rank_hosts[r]. Throws PlanError (hbcast/plan/
/// plan_json.hpp) naming the problem when they do not match: two ranks on one host, a rank on a
/// host the plan does not know, a tree sending to a host no rank runs on, a host receiving twice,
/// a rank some tree does not reach.
RankPlan map_plan_to_ranks(const BroadcastPlan& plan, const std::vector<std::string>& rank_hosts);

}  // namespace hbcast::mpi
