#include <hbcast/simulation/best_plan.hpp>

#include <hbcast/eval/link_prediction.hpp>
#include <hbcast/eval/link_slice_choice.hpp>
#include <hbcast/sched/link_aware_seeds.hpp>
#include <hbcast/eval/pipeline_evaluator.hpp>
#include <hbcast/model/scheduler_not_applicable.hpp>

#include <algorithm>
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
      if (candidate.schedule.weighted_trees.empty()) {
        candidate.trees = {candidate.schedule.tree};
        candidate.weights = {1.0};
      } else {
        for (const auto& [weight, tree] : candidate.schedule.weighted_trees) {
          candidate.trees.push_back(tree);
          candidate.weights.push_back(weight);
        }
      }
      candidate.choice = choose_slice_count(*predictor.prepare(candidate.trees, candidate.weights, candidate.port),
                                            message_bytes, max_slices);
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
        const LinkSliceChoice linked = choose_slice_count_with_links(
            tree_for, with_links->costs, with_links->links, message_bytes, max_slices, candidate.port,
            candidate.choice.slices);
        candidate.choice.prediction = linked.prediction;
        if (scheduler.needs_links) {
          candidate.schedule =
              run_scheduler(scheduler, *instance.for_slices(slice_size(message_bytes, linked.slices), linked.slices), root);
          candidate.trees = {candidate.schedule.tree};
          // Ranked as the others are: the estimate where a link is over-subscribed.
          candidate.choice.prediction.makespan =
              predict_with_links(candidate.schedule.tree, with_links->costs, with_links->links,
                                 slice_size(message_bytes, linked.slices), linked.slices, candidate.port, false)
                  .makespan;
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
  for (std::size_t k = 0; k < index.size(); ++k)
    index[k] = k;
  const auto key = [&](std::size_t k) {
    const PlanCandidate& candidate = ranking.ranked[k];
    return std::make_tuple(candidate.choice.prediction.makespan, candidate.trees.size(),
                           candidate.port != PortModel::one_port, candidate.choice.slices, order[k]);
  };
  std::sort(index.begin(), index.end(), [&](std::size_t a, std::size_t b) { return key(a) < key(b); });
  std::vector<PlanCandidate> ranked;
  ranked.reserve(index.size());
  for (std::size_t k : index)
    ranked.push_back(std::move(ranking.ranked[k]));
  ranking.ranked = std::move(ranked);
  return ranking;
}

}  // namespace hbcast::cli
