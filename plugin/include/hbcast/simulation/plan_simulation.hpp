#pragma once
#include <hbcast/plan/broadcast_plan.hpp>

#include <string>

namespace hbcast::cli {

/// hbcast's two figures for a plan: the pairwise prediction and the SimGrid replay of
/// the makespan (seconds), both for `message_bytes` cut into the plan's slices.
struct PlanFigures {
  double predicted = 0.0;
  double simulated = 0.0;
};

/// In this process (it creates the one SimGrid engine a process may have): loads `platform` in
/// exact mode, rebuilds the plan's trees over its hosts (each must span them), predicts them with
/// the platform's pairwise costs and replays them, with the plan's slices and port model. A plan
/// of several trees runs in its form, as libhbcast_mpi does: concurrent, its slices interleaved by
/// weight (interleave_trees); rate-capped or periodic, message for message (replay_capped,
/// replay_periodic: `message_bytes` whole bytes, each message `envelope_bytes` longer, as SMPI's MPI
/// messages are by 16).
PlanFigures simulate_plan(const std::string& platform, const BroadcastPlan& plan, double message_bytes,
                          double envelope_bytes = 0.0);

}  // namespace hbcast::cli
