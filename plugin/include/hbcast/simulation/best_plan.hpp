#pragma once
#include <hbcast/eval/slice_choice.hpp>
#include <hbcast/model/broadcast_instance.hpp>
#include <hbcast/model/schedule_result.hpp>
#include <hbcast/sched/scheduler_registry.hpp>

#include <optional>
#include <string>
#include <vector>

namespace hbcast::cli {

/// One plan the `best` scheduler considers: a scheduler's tree, or its weighted trees, under one
/// port model, at the slice count that minimises its predicted makespan.
struct PlanCandidate {
  std::string scheduler;
  PortModel port = PortModel::one_port;
  ScheduleResult schedule;
  std::vector<BroadcastTree> trees;  ///< the plan's trees (one for a single tree)
  std::vector<double> weights;       ///< their shares of the slices ({1} for a single tree)
  SliceChoice choice;
  /// Whether choice.prediction is exact: the ports' model (multi-tree plans, no links given), a
  /// single tree whose slices over-subscribe no shared link, or the max-min prediction of one
  /// that does; false: the estimate (or its link_lower_bound, when that is larger).
  bool exact = true;
};

/// The candidates ranked, and those that could not be built.
struct PlanRanking {
  /// By predicted makespan; ties to fewer trees, then one-port, then fewer slices, then the
  /// registry's order.
  std::vector<PlanCandidate> ranked;
  std::vector<std::string> not_applicable;  ///< "scheduler (port model): why"
};

/// The schedulers `best` considers: every registered one but `best` itself, trees and plans alike.
std::vector<const SchedulerInfo*> best_candidate_schedulers();

/// The model that ranks single trees with the platform's links (predict_with_links): the pairwise
/// costs of `links` (route latency + size / bottleneck) and the links themselves.
struct LinkRanking {
  const CostModel& costs;
  const LinkRouteModel& links;
};

/// A schedule as a plan: its weighted trees and their weights, or its one tree with weight 1
/// (what `trees` and `weights` held is replaced).
void plan_of(const ScheduleResult& scheduled, std::vector<BroadcastTree>& trees, std::vector<double>& weights);

/// Whether `plan`'s weights are rates of slices of another size than `slice_bytes` (its
/// rate_slice_bytes, when it has one). Its caps and slots then do not fit the ports and links they
/// were built for.
bool rates_for_other_slices(const ScheduleResult& plan, double slice_bytes);

/// Whether `plan` packs a steady-state program's rates for slices of another size than `slices`
/// slices of a `message_bytes` message: a multi-tree plan built for another slice count. Its rates,
/// the caps of its rate-capped form and its optimum then hold only after it is built again for
/// those slices (a slice's latency weighs on the one-port rows).
bool packs_for_other_slices(const ScheduleResult& plan, double message_bytes, std::size_t slices);

/// Runs every candidate scheduler on each of `instances` (one per port model), keeps its tree
/// (or plan) with the slice count that minimises its makespan under `predictor`, up to
/// `max_slices` for a message of `message_bytes`, and ranks them. With `with_links`, a single tree
/// is then ranked by its prediction with the links (choose_slice_count_with_links from the
/// predictor's count: exact where its slices over-subscribe no shared link, else the estimate that
/// honours every link's capacity), and a scheduler that needs the links (the link-aware ones, which
/// pace their slices) is rebuilt at each slice count tried. A multi-tree plan is packed again for
/// the slice count chosen (packs_for_other_slices) and predicted as packed. A scheduler that needs
/// a platform graph the instance lacks, does not apply, or fails is listed as not applicable.
PlanRanking rank_plans(const std::vector<const BroadcastInstance*>& instances, NodeId root,
                       const MakespanPredictor& predictor, double message_bytes, std::size_t max_slices,
                       const std::optional<LinkRanking>& with_links = std::nullopt);

}  // namespace hbcast::cli
