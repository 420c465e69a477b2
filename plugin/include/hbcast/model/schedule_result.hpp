#pragma once
#include <hbcast/core/broadcast_tree.hpp>
#include <hbcast/model/cost_model.hpp>

#include <memory>
#include <string>

namespace hbcast {

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
};

}  // namespace hbcast
