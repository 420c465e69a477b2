#pragma once
#include <hbcast/core/broadcast_tree.hpp>
#include <hbcast/core/multi_tree_form.hpp>
#include <hbcast/core/periodic_schedule.hpp>
#include <hbcast/model/cost_model.hpp>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hbcast {

/// One tree of a multi-tree plan and the slices per second it carries.
struct WeightedTree {
  double weight = 0.0;
  BroadcastTree tree;
};

/// A scheduler's answer: the tree, and the cost model the scheduler believed while building it.
/// Evaluating the tree under `own_model` gives the heuristic's own prediction; under the pairwise
/// model, the platform's. A null own_model means the scheduler has no model of its own (flat,
/// binomial): its own prediction is the pairwise one.
struct ScheduleResult {
  BroadcastTree tree;
  std::shared_ptr<const CostModel> own_model;
  std::string own_model_name;
  /// Exact searches only: "proven" when the tree is optimal under own_model, "unproven" when a
  /// node or time limit stopped the search first. Empty for heuristics.
  std::string optimality = {};
  /// A multi-tree plan: its trees with their weights (slices per second; they sum to the
  /// plan's throughput). `tree` is then the heaviest. Empty for single-tree schedulers.
  std::vector<WeightedTree> weighted_trees = {};
  /// With a plan: the steady-state optimum it packs (slices per second), which its weights sum to.
  double steady_state_optimum = 0.0;
  /// With a plan: the bytes of the slices its weights are rates of; 0: its weights are shares only.
  /// The rate-capped and periodic forms run only with slices of this size.
  double rate_slice_bytes = 0.0;
  /// With a plan: how it runs (multi-tree, multi-tree-capped, multi-tree-periodic), and the
  /// slices per period (periodic) or per round (capped) the user asked for; 0: chosen by prediction.
  MultiTreeForm form = MultiTreeForm::concurrent;
  std::size_t form_slices = 0;
  /// A given periodic plan's slots (simulate --tree): replayed as they are, not decomposed again.
  std::optional<PeriodicSchedule> periodic_schedule = {};
  /// A form whose best single tree is predicted to finish first runs that tree alone (a plan never
  /// loses to one of its own trees); false (parameter alone=0) always runs the form.
  bool may_run_single_tree = true;
};

}  // namespace hbcast
