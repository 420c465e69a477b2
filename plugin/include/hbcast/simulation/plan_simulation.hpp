#pragma once
#include <hbcast/plan/broadcast_plan.hpp>

#include <string>

namespace hbcast::cli {

/// hbcast's two figures for a one-tree plan: the pairwise prediction and the SimGrid replay of
/// the makespan (seconds), both for `message_bytes` cut into the plan's slices.
struct PlanFigures {
  double predicted = 0.0;
  double simulated = 0.0;
};

/// In this process (it creates the one SimGrid engine a process may have): loads `platform` in
/// exact mode, rebuilds the plan's tree over its hosts (it must span them), predicts it with the
/// platform's pairwise costs and replays it, with the plan's slices and port model.
PlanFigures simulate_plan(const std::string& platform, const BroadcastPlan& plan, double message_bytes);

}  // namespace hbcast::cli
