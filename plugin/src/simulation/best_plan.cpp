#include <hbcast/simulation/best_plan.hpp>

#include <hbcast/eval/link_prediction.hpp>
#include <hbcast/eval/link_slice_choice.hpp>
#include <hbcast/sched/link_aware_seeds.hpp>
#include <hbcast/eval/pipeline_evaluator.hpp>
#include <hbcast/model/scheduler_not_applicable.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <stdexcept>
#include <tuple>

namespace hbcast::cli {

std::vector<const SchedulerInfo*> best_candidate_schedulers()
{
  std::vector<const SchedulerInfo*> schedulers;
  // multi-tree's executable forms run multi-tree's plan (the same trees and weights), which the
  // predictor ranks as multi-tree: they are not candidates of their own.
  for (const SchedulerInfo& scheduler : scheduler_registry())
    if (scheduler.name != "best" && scheduler.name != "multi-tree-capped" && scheduler.name != "multi-tree-periodic")
      schedulers.push_back(&scheduler);
  return schedulers;
}

namespace {

// Whether two trees send the same slices the same way: children in send order, no send starts.
bool same_unpaced_tree(const BroadcastTree& x, const BroadcastTree& y)
{
  if (x.has_send_starts() || y.has_send_starts() || x.root() != y.root() || x.size() != y.size())
    return false;
  for (NodeId node = 0; node < x.size(); ++node)
    if (x.children(node) != y.children(node))
      return false;
  return true;
}

}  // namespace

void plan_of(const ScheduleResult& scheduled, std::vector<BroadcastTree>& trees, std::vector<double>& weights)
{
  trees.clear();
  weights.clear();
  if (scheduled.weighted_trees.empty()) {
    trees = {scheduled.tree};
    weights = {1.0};
    return;
  }
  for (const auto& [weight, tree] : scheduled.weighted_trees) {
    trees.push_back(tree);
    weights.push_back(weight);
  }
}

bool rates_for_other_slices(const ScheduleResult& plan, double slice_bytes)
{
  return plan.rate_slice_bytes > 0.0 && std::abs(plan.rate_slice_bytes - slice_bytes) > 1e-9 * plan.rate_slice_bytes;
}

bool packs_for_other_slices(const ScheduleResult& plan, double message_bytes, std::size_t slices)
{
  return plan.steady_state_optimum > 0.0 && rates_for_other_slices(plan, slice_size(message_bytes, slices));
}

PlanRanking rank_plans(const std::vector<const BroadcastInstance*>& instances, NodeId root,
                       const MakespanPredictor& predictor, double message_bytes, std::size_t max_slices,
                       const std::optional<LinkRanking>& with_links)
{
  PlanRanking ranking;
  const auto schedulers = best_candidate_schedulers();
  std::vector<std::tuple<std::size_t, std::size_t>> order;  // (scheduler, instance) of each candidate
  for (std::size_t s = 0; s < schedulers.size(); ++s)
    for (std::size_t i = 0; i < instances.size(); ++i) {
      const SchedulerInfo& scheduler = *schedulers[s];
      const BroadcastInstance& instance = *instances[i];
      const std::string label = scheduler.name + " (" + to_string(instance.port()) + ")";
      if (scheduler.needs_platform_graph && !instance.has_topology()) {
        ranking.not_applicable.push_back(label + ": needs a platform graph, which this platform has not");
        continue;
      }
      PlanCandidate candidate;
      candidate.scheduler = scheduler.name;
      candidate.port = instance.port();
      try {
        candidate.schedule = run_scheduler(scheduler, instance, root);
      } catch (const std::exception& error) {  // SchedulerNotApplicable, or a scheduler's own failure
        const std::string reason = error.what();
        ranking.not_applicable.push_back(label + ": " + reason.substr(0, reason.find('\n')));
        continue;
      }
      plan_of(candidate.schedule, candidate.trees, candidate.weights);
      candidate.choice = choose_slice_count(*predictor.prepare(candidate.trees, candidate.weights, candidate.port),
                                            message_bytes, max_slices);
      if (packs_for_other_slices(candidate.schedule, message_bytes, candidate.choice.slices)) try {
        const std::size_t slices = candidate.choice.slices;
        candidate.schedule =
            run_scheduler(scheduler, *instance.for_slices(slice_size(message_bytes, slices), slices), root);
        plan_of(candidate.schedule, candidate.trees, candidate.weights);
        candidate.choice.prediction = predictor.prepare(candidate.trees, candidate.weights, candidate.port)
                                          ->predict(slice_size(message_bytes, slices), slices);
      } catch (const std::exception& error) {  // the scheduler failed at this slice count
        const std::string reason = error.what();
        ranking.not_applicable.push_back(label + ": " + reason.substr(0, reason.find('\n')));
        continue;
      }
      if (with_links && candidate.schedule.weighted_trees.empty()) try {
        std::map<std::size_t, ScheduleResult> built;  // K -> the link-aware tree paced for K slices
        const TreeForSlices tree_for = [&](std::size_t slices) -> const BroadcastTree& {
          if (!scheduler.needs_links)
            return candidate.schedule.tree;
          auto tree = built.find(slices);
          if (tree == built.end()) {
            // Ranked without the seed trees left to contend (those are candidates of their own).
            const WithoutContendingSeeds ranking_only;
            tree = built
                       .emplace(slices, run_scheduler(scheduler,
                                                      *instance.for_slices(slice_size(message_bytes, slices), slices),
                                                      root))
                       .first;
          }
          return tree->second.tree;
        };
        // The estimate ranks the slice counts here; the contending finalists are refined below.
        const LinkSliceChoice linked = choose_slice_count_with_links(
            tree_for, with_links->costs, with_links->links, message_bytes, max_slices, candidate.port,
            candidate.choice.slices, false, scheduler.needs_links);
        candidate.choice.prediction = linked.prediction;
        candidate.exact = linked.exact;
        if (scheduler.needs_links) {
          candidate.schedule =
              run_scheduler(scheduler, *instance.for_slices(slice_size(message_bytes, linked.slices), linked.slices), root);
          candidate.trees = {candidate.schedule.tree};
          // Its tree may be a seed left to contend: then its max-min prediction.
          const LinkPrediction final_prediction =
              predict_with_links(candidate.schedule.tree, with_links->costs, with_links->links,
                                 slice_size(message_bytes, linked.slices), linked.slices, candidate.port, true);
          candidate.choice.prediction.makespan = final_prediction.makespan;
          candidate.exact = final_prediction.exact;
        }
        candidate.choice.slices = linked.slices;
        candidate.choice.evaluated += linked.evaluated;
      } catch (const std::exception& error) {  // the scheduler failed at another slice count
        const std::string reason = error.what();
        ranking.not_applicable.push_back(label + ": " + reason.substr(0, reason.find('\n')));
        continue;
      }
      ranking.ranked.push_back(std::move(candidate));
      order.emplace_back(s, i);
    }
  std::vector<std::size_t> index(ranking.ranked.size());
  const auto key = [&](std::size_t k) {
    const PlanCandidate& candidate = ranking.ranked[k];
    return std::make_tuple(candidate.choice.prediction.makespan, candidate.trees.size(),
                           candidate.port != PortModel::one_port, candidate.choice.slices, order[k]);
  };
  const auto sort_by_prediction = [&] {
    for (std::size_t k = 0; k < index.size(); ++k)
      index[k] = k;
    std::sort(index.begin(), index.end(), [&](std::size_t a, std::size_t b) { return key(a) < key(b); });
  };
  // The single trees whose slices over-subscribe a shared link hold an estimate. In the order of
  // the predictions, the first of them that could still beat the best exact prediction is judged:
  // dropped below it when its link_lower_bound cannot (at any slice count), else its slice count
  // refined and ranked by the max-min prediction. Stops when none before the best exact one is left.
  // A multi-tree plan keeps the prediction of its ports and links' loads, which does not see its
  // transfers share a link at once: never taken for exact here, never refined.
  std::vector<char> judged(ranking.ranked.size(), 0);
  if (with_links)
    for (std::size_t k = 0; k < ranking.ranked.size(); ++k)
      if (!ranking.ranked[k].schedule.weighted_trees.empty()) {
        ranking.ranked[k].exact = false;
        judged[k] = 1;
      }
  while (with_links) {
    sort_by_prediction();
    double best_exact = std::numeric_limits<double>::infinity();
    for (std::size_t k : index)
      if (ranking.ranked[k].exact) {
        best_exact = ranking.ranked[k].choice.prediction.makespan;
        break;
      }
    const auto next = std::find_if(index.begin(), index.end(), [&](std::size_t k) {
      return !ranking.ranked[k].exact && judged[k] == 0;
    });
    if (next == index.end() || ranking.ranked[*next].choice.prediction.makespan >= best_exact)
      break;
    judged[*next] = 1;
    PlanCandidate& candidate = ranking.ranked[*next];
    const BroadcastTree& tree = candidate.schedule.tree;
    // Many schedulers build the same tree: judged once per tree and port model.
    const auto same = std::find_if(index.begin(), index.end(), [&](std::size_t k) {
      const PlanCandidate& other = ranking.ranked[k];
      return k != *next && judged[k] != 0 && other.port == candidate.port && other.trees.size() == 1 &&
             same_unpaced_tree(other.schedule.tree, tree);
    });
    if (same != index.end()) {
      const PlanCandidate& other = ranking.ranked[*same];
      candidate.choice.slices = other.choice.slices;
      candidate.choice.prediction = other.choice.prediction;
      candidate.exact = other.exact;
      continue;
    }
    const double bound = link_lower_bound(tree, with_links->costs, with_links->links, message_bytes);
    if (bound >= best_exact) {
      candidate.choice.prediction.makespan = std::max(candidate.choice.prediction.makespan, bound);
      continue;
    }
    LinkSliceChoice from;
    from.slices = candidate.choice.slices;
    from.prediction = candidate.choice.prediction;
    from.exact = false;
    const TreeForSlices same_tree = [&](std::size_t) -> const BroadcastTree& { return tree; };
    const LinkSliceChoice refined = refine_slice_count_with_max_min(
        same_tree, with_links->costs, with_links->links, message_bytes, max_slices, candidate.port, from);
    candidate.choice.slices = refined.slices;
    candidate.choice.prediction = refined.prediction;
    candidate.choice.evaluated += refined.evaluated;
    candidate.exact = refined.exact;
  }
  sort_by_prediction();
  std::vector<PlanCandidate> ranked;
  ranked.reserve(index.size());
  for (std::size_t k : index)
    ranked.push_back(std::move(ranking.ranked[k]));
  ranking.ranked = std::move(ranked);
  return ranking;
}

}  // namespace hbcast::cli
