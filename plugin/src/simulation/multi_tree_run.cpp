#include <hbcast/simulation/multi_tree_run.hpp>

#include <hbcast/core/capped_pace.hpp>

#include <hbcast/core/slice_interleaving.hpp>
#include <hbcast/eval/form_timeline.hpp>
#include <hbcast/eval/link_prediction.hpp>
#include <hbcast/eval/max_min_prediction.hpp>
#include <hbcast/eval/pipeline_evaluator.hpp>
#include <hbcast/eval/plan_period.hpp>
#include <hbcast/platform/activity_breadcrumb.hpp>
#include <hbcast/platform_graph/periodic_clock.hpp>
#include <hbcast/platform_graph/periodic_colouring.hpp>
#include <hbcast/platform_graph/periodic_decomposition.hpp>
#include <hbcast/platform_graph/periodic_packing.hpp>
#include <hbcast/replay/multi_tree_broadcast.hpp>
#include <hbcast/replay/multi_tree_form_replay.hpp>
#include <hbcast/replay/replay_tree.hpp>
#include <hbcast/simulation/replay_figures.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace hbcast::cli {
namespace {

// A plan's figures with the prediction's fill and the given period.
Figures plan_figures(const PlanPrediction& prediction, double period, double slice_bytes, std::size_t slices)
{
  Figures figures;
  figures.makespan = prediction.fill + static_cast<double>(slices - 1) * period;
  figures.period = period;
  figures.throughput = slice_bytes / period;
  return figures;
}

Figures timeline_figures(const FormTimeline& timeline, double slice_bytes)
{
  Figures figures;
  figures.makespan = timeline.makespan;
  if (timeline.period > 0.0) {
    figures.period = timeline.period;
    figures.throughput = slice_bytes / timeline.period;
  }
  return figures;
}

// The rate-capped form's rounds. A part crosses a hop in round / sum(weights) seconds, so the
// deepest tree fills in depth x round slice times: the round keeps that within K / 100 (the
// steady state then spans the last 99% of the slices), and grows past it only to keep the replay
// under this many transfers (a round's part per tree edge is one transfer).
constexpr double kCappedTransferBudget = 2e6;

std::size_t capped_round(std::size_t requested, const std::vector<BroadcastTree>& trees, std::size_t slices)
{
  if (requested > 0)
    return std::min(requested, slices);
  double edges = 0.0;
  std::size_t deepest = 1;
  for (const auto& tree : trees) {
    edges += static_cast<double>(tree.edge_count());
    std::vector<NodeId> parent = tree.parents();
    for (NodeId v = 0; v < tree.size(); ++v) {
      std::size_t depth = 0;
      for (NodeId at = v; parent[at] != kNoNode; at = parent[at])
        ++depth;
      deepest = std::max(deepest, depth);
    }
  }
  std::size_t round = std::max<std::size_t>(1, slices / (100 * deepest));
  while (round < slices && std::ceil(static_cast<double>(slices) / static_cast<double>(round)) * edges > kCappedTransferBudget)
    round *= 2;
  return std::min(round, slices);
}

// The largest latency of an edge of the trees.
double largest_edge_latency(const std::vector<BroadcastTree>& trees, const CostModel& costs)
{
  double largest = 0.0;
  for (const auto& tree : trees)
    for (NodeId u = 0; u < tree.size(); ++u)
      for (NodeId child : tree.children(u))
        largest = std::max(largest, costs.latency(u, child));
  return largest;
}

// The message as whole bytes: the forms cut it at byte boundaries, as libhbcast_mpi cuts MPI_BYTEs.
FormMessage form_message(const SimulateOptions& options)
{
  const double bytes = std::round(options.message_bytes);
  if (bytes < static_cast<double>(options.slices))
    throw std::invalid_argument(fmt::format("a multi-tree form needs at least one byte per slice ({} bytes, {} slices)",
                                            options.message_bytes, options.slices));
  return {static_cast<std::size_t>(bytes), options.slices, 1.0, 0.0};
}

// A periodic schedule's makespan for `message`, from its timelines over its first 8 and 16
// periods' worth of slices: the second's, and the periods past it at the pace between the two
// (the start-up then counts once).
double estimated_makespan(const std::vector<BroadcastTree>& trees, const std::vector<double>& weights,
                          const PeriodicSchedule& schedule, const CostModel& pairwise, const FormMessage& message)
{
  const auto sampled = [&](std::size_t slices) {
    FormMessage sample = message;
    sample.slices = slices;
    sample.count = std::max(slices, static_cast<std::size_t>(std::llround(static_cast<double>(message.count) *
                                                                          static_cast<double>(slices) /
                                                                          static_cast<double>(message.slices))));
    return periodic_timeline(trees, weights, schedule, pairwise, sample).makespan;
  };
  const std::size_t shorter = 8 * schedule.period_slices, longer = 16 * schedule.period_slices;
  if (longer >= message.slices)
    return periodic_timeline(trees, weights, schedule, pairwise, message).makespan;
  const double first = sampled(shorter), second = sampled(longer);
  return second + (second - first) * static_cast<double>(message.slices - longer) / static_cast<double>(longer - shorter);
}

// The periodic form's replay moves one transfer per piece and block, and SimGrid's work per
// transfer grows with the transfers in flight with it (on a clock, a piece is in flight for its
// latency and its sending, periods overlapping): a period is left out when its schedule would
// move more transfers, or transfers x transfers in flight, than these budgets (the longest period
// always runs).
constexpr double kPeriodicTransferBudget = 2e6;
constexpr double kPeriodicReplayBudget = 2.5e8;

// Among the periods' best schedules, those within this factor of the shortest predicted makespan
// are ranked by their period.
constexpr double kPeriodicMakespanSlack = 1.02;

// The pieces in flight on average: their time over the period's (at least 1).
double pieces_in_flight(const PeriodicSchedule& schedule, const std::vector<double>& weights, const CostModel& costs,
                        double slice_bytes)
{
  const double total = std::accumulate(weights.begin(), weights.end(), 0.0);
  const double block = slice_bytes * static_cast<double>(schedule.period_slices);
  double busy = 0.0;
  for (const auto& slot : schedule.slots)
    for (const auto& piece : slot)
      busy += costs.transfer_time(piece.from, piece.to, weights.at(piece.tree) / total * block * (piece.last - piece.first));
  const double period = std::accumulate(schedule.slot_seconds.begin(), schedule.slot_seconds.end(), 0.0);
  return period > 0.0 ? std::max(1.0, busy / period) : 1.0;
}

// The periodic form's period: the one asked for, else the power of two up to K whose schedule
// has the smallest predicted makespan, or within 2% of it the shortest observed period.
// Candidates: the matchings, the packings and the link-aware colouring, each self-timed (where
// links are not known) and on a clock on which no piece meets another on a port or link, their
// latencies overlapped (periodic_clock), in slot order and in start order (periodic_start_order).
PeriodicSchedule periodic_schedule(const std::vector<BroadcastTree>& trees, const std::vector<double>& weights,
                                   std::size_t requested, const CostModel& pairwise, const LinkRouteModel* links,
                                   const FormMessage& message, FormTimeline& timeline)
{
  const double slice_bytes = static_cast<double>(message.count) / static_cast<double>(message.slices);
  std::vector<std::size_t> candidates;
  if (requested > 0)
    candidates.push_back(std::min(requested, message.slices));
  else
    for (std::size_t period = 1; period <= message.slices; period *= 2)
      candidates.push_back(period);
  const double total = std::accumulate(weights.begin(), weights.end(), 0.0);
  // The link-aware colouring's pieces do not depend on P (each transfer's sending time grows with
  // it): coloured once.
  const PeriodColouring colouring = colour_period(trees, weights, pairwise, slice_bytes, 1, links);
  std::vector<std::vector<NodeId>> parents;
  for (const auto& tree : trees)
    parents.push_back(tree.parents());
  std::vector<std::pair<PeriodicSchedule, FormTimeline>> finalists;  // each period's best
  // Per period, the slots are ranked by an estimate of their makespan (the full timeline of every
  // candidate costs its pieces x K / P transfers each); the winner is then timed in full.
  for (std::size_t period : candidates) {
    std::vector<PeriodicSchedule> schedules;
    schedules.push_back(decompose_period(trees, weights, pairwise, slice_bytes, period, links));
    // The link-aware packing, its transfers whole or cut to a fraction of the optimal period.
    const double optimal = static_cast<double>(period) / total;
    for (double quantum : {0.0, optimal / 8.0, optimal / 32.0})
      for (PackingOrder order : {PackingOrder::longest_first, PackingOrder::busiest_first, PackingOrder::even_slots})
        schedules.push_back(pack_period(trees, weights, pairwise, slice_bytes, period, links, quantum, order));
    schedules.push_back(colouring.schedule);
    schedules.back().period_slices = period;
    // Each also on a clock (periodic_clock), in slot order and in start order: its pieces start as
    // their ports and links free up, their latencies under the sending before them, so that no
    // link carries more than it can. Where links are known, only on a clock: self-timed slots may
    // meet on a shared link, which their prediction does not see.
    std::vector<PeriodicSchedule> ranked;
    if (links == nullptr)
      ranked = schedules;
    for (bool start_order : {false, true})
      for (const auto& schedule : schedules) {
        const PeriodicSchedule ordered =
            start_order ? periodic_start_order(schedule, weights, pairwise, slice_bytes, links) : schedule;
        ranked.push_back(with_clock(ordered, periodic_clock(ordered, parents, weights, pairwise, slice_bytes, links)));
      }
    schedules = std::move(ranked);
    std::size_t chosen = schedules.size();
    double shortest = INFINITY;
    const double blocks = std::ceil(static_cast<double>(message.slices) / static_cast<double>(period));
    for (std::size_t k = 0; k < schedules.size(); ++k) {
      // A period asked for, or the longest, always runs; a shorter one only within the replay's
      // budget.
      const auto pieces = static_cast<double>(periodic_piece_count(schedules[k])) * blocks;
      if (requested == 0 && period < candidates.back() &&
          (pieces > kPeriodicTransferBudget ||
           pieces * pieces_in_flight(schedules[k], weights, pairwise, slice_bytes) > kPeriodicReplayBudget))
        continue;
      const double makespan = estimated_makespan(trees, weights, schedules[k], pairwise, message);
      if (makespan < shortest) {
        shortest = makespan;
        chosen = k;
      }
    }
    if (chosen == schedules.size())
      continue;
    FormTimeline predicted = periodic_timeline(trees, weights, schedules[chosen], pairwise, message);
    finalists.emplace_back(std::move(schedules[chosen]), std::move(predicted));
  }
  // The shortest makespan; within 2% of it, the steadiest rate (the form exists for its
  // throughput: a shorter period's start-up can win a makespan by less than it loses per slice).
  double shortest = INFINITY;
  for (const auto& [schedule, predicted] : finalists)
    shortest = std::min(shortest, predicted.makespan);
  std::size_t pick = finalists.size();
  for (std::size_t k = 0; k < finalists.size(); ++k)
    if (finalists[k].second.makespan <= shortest * kPeriodicMakespanSlack &&
        (pick == finalists.size() || finalists[k].second.period < finalists[pick].second.period))
      pick = k;
  if (pick == finalists.size())
    return {};
  timeline = std::move(finalists[pick].second);
  return std::move(finalists[pick].first);
}

// The plan's tree that would finish first alone, and its predicted makespan: pipelined under the
// pairwise model, and no shorter than its fill + (K - 1) x its busiest port or SHARED link's
// period (plan_period with `links`), since a tree alone is not capped and contends on its links;
// the three best so again with the links' prediction (predict_with_links; its max-min sharing up
// to 16 times its usual size).
std::pair<std::size_t, double> best_single_tree(const std::vector<BroadcastTree>& trees, const CostModel& pairwise,
                                                const LinkRouteModel* links, double slice_bytes, std::size_t slices,
                                                PortModel port)
{
  std::vector<std::pair<double, std::size_t>> ranked;
  for (std::size_t t = 0; t < trees.size(); ++t)
    ranked.emplace_back(std::max(evaluate_pipelined(trees[t], pairwise, slice_bytes, slices, port).makespan,
                                 predict_plan({trees[t]}, {1.0}, pairwise, slice_bytes, slices, port, links).makespan),
                        t);
  std::sort(ranked.begin(), ranked.end());
  // The best few again with the links' contention (SimGrid's max-min sharing where the slices'
  // transfers over-subscribe a link), which a pipelined tree meets on a shared backbone.
  // Up to 16 times max_min_applies' work: the replay that follows costs more.
  const double hosts = static_cast<double>(pairwise.size());
  const bool any_size = hosts * hosts * static_cast<double>(slices) <= 16.0 * kMaxMinWorkLimit;
  if (links != nullptr)
    for (std::size_t k = 0; k < std::min<std::size_t>(3, ranked.size()); ++k)
      ranked[k].first = std::max(ranked[k].first, predict_with_links(trees[ranked[k].second], pairwise, *links,
                                                                     slice_bytes, slices, port, true, any_size)
                                                      .makespan);
  const auto best = std::min_element(ranked.begin(), ranked.end());
  return {best->second, best->first};
}

void keep_plan_trees(SchedulerRun& run, const std::vector<BroadcastTree>& trees)
{
  for (const auto& tree : trees) {
    run.plan_children.emplace_back();
    for (NodeId u = 0; u < tree.size(); ++u)
      run.plan_children.back().push_back(tree.children(u));
  }
}

}  // namespace

void simulate_multi_tree_plan(SchedulerRun& run, const ScheduleResult& scheduled, simgrid::s4u::Engine& engine,
                              const std::vector<simgrid::s4u::Host*>& hosts, const CostModel& pairwise,
                              const LinkRouteModel* links, const SimulateOptions& options, PortModel port)
{
  const double slice_bytes = slice_size(options.message_bytes, options.slices);
  std::vector<double> weights;
  std::vector<BroadcastTree> trees;
  for (const auto& [weight, tree] : scheduled.weighted_trees) {
    weights.push_back(weight);
    trees.push_back(tree);
  }
  run.plan_weights = weights;
  run.plan_form = to_string(scheduled.form);
  run.own_model += fmt::format(" ({} trees)", trees.size());
  if (options.keep_trees)
    keep_plan_trees(run, trees);
  const double optimum_period = 1.0 / std::accumulate(weights.begin(), weights.end(), 0.0);
  const std::string name = "hbcast-" + run.scheduler;
  if (scheduled.form == MultiTreeForm::concurrent) {
    // Own: the program's optimum the weights sum to (a given plan packs none: the pairwise model is
    // its own). Pairwise: the plan's own busiest resource.
    const PlanPrediction prediction = predict_plan(trees, weights, pairwise, slice_bytes, options.slices, port, links);
    run.pairwise = plan_figures(prediction, prediction.period, slice_bytes, options.slices);
    run.own = run.steady_state_optimum ? plan_figures(prediction, optimum_period, slice_bytes, options.slices)
                                       : run.pairwise;
    if (!options.replay)
      return;
    set_activity("replaying the multi-tree plan");
    // A plan of one tree is a tree (its plan file says no more): replayed as libhbcast_mpi runs it.
    const ReplayOptions replay_options{options.message_bytes, options.slices, port, name};
    const ReplayResult replay =
        trees.size() == 1 ? replay_tree(engine, trees.front(), hosts, replay_options)
                          : replay_multi_tree(engine, trees, interleave_trees(weights, options.slices), hosts,
                                              replay_options);
    record_replay(run, replay, options.slices);
    return;
  }
  // The executable forms: predicted transfer by transfer (exact where no link is over-subscribed).
  const FormMessage message = form_message(options);
  FormTimeline timeline;
  if (scheduled.form == MultiTreeForm::capped) {
    run.plan_form_slices = capped_round(scheduled.form_slices, trees, options.slices);
    run.plan_receives_posted =
        capped_receives(largest_edge_latency(trees, pairwise), capped_round_seconds(weights, run.plan_form_slices));
    run.own_model += fmt::format("; rounds of {} slices, {} receives posted per tree", run.plan_form_slices,
                                 run.plan_receives_posted);
    timeline = capped_timeline(trees, weights, run.plan_form_slices, pairwise, message);
  } else {
    if (port != PortModel::one_port)
      throw std::invalid_argument("the periodic form is one-port");
    run.plan_schedule = scheduled.periodic_schedule ? *scheduled.periodic_schedule
                                                    : periodic_schedule(trees, weights, scheduled.form_slices,
                                                                        pairwise, links, message, timeline);
    run.plan_form_slices = run.plan_schedule.period_slices;
    run.own_model += fmt::format("; periods of {} slices, {} slots, {} pieces", run.plan_form_slices,
                                 run.plan_schedule.slots.size(), periodic_piece_count(run.plan_schedule));
    const auto offsets = periodic_slot_offsets(run.plan_schedule);
    if (!offsets.empty())
      run.own_model += fmt::format(", on a clock of {:.4g} x the optimum's period",
                                   offsets.back() / (static_cast<double>(run.plan_form_slices) * optimum_period));
    if (scheduled.periodic_schedule)
      timeline = periodic_timeline(trees, weights, run.plan_schedule, pairwise, message);
  }
  run.pairwise = timeline_figures(timeline, slice_bytes);
  // A plan never loses to one of its own trees: where one alone is predicted to finish first (a
  // short message: the form's start-up outweighs its throughput), the row runs that tree alone.
  const auto [best_tree, best_makespan] = best_single_tree(trees, pairwise, links, slice_bytes, options.slices, port);
  run.best_own_tree_makespan = best_makespan;
  if (scheduled.form == MultiTreeForm::capped) {
    // The rate-capped form never runs a tree uncapped (its transfers would contend where links are
    // shared, a one-tree plan's included): the tree alone is capped at its own rate (its busiest
    // port, arc or shared link), where that is predicted to finish first.
    const BroadcastTree& tree = trees[best_tree];
    const double period = predict_plan({tree}, {1.0}, pairwise, slice_bytes, options.slices, port, links).period;
    const std::vector<double> rate{1.0 / period};
    const std::size_t round = capped_round(scheduled.form_slices, {tree}, options.slices);
    const double alone = capped_timeline({tree}, rate, round, pairwise, message).makespan;
    if (scheduled.may_run_single_tree && best_makespan < timeline.makespan && period > 0.0 &&
        alone < timeline.makespan * (1.0 - 1e-9)) {
      const std::string note = run.own_model + fmt::format("; tree {} alone, capped at its rate (predicted {:.6g} s, "
                                                           "the plan {:.6g} s)", best_tree + 1, alone, timeline.makespan);
      ScheduleResult single;
      single.weighted_trees = {{rate.front(), tree}};
      single.form = MultiTreeForm::capped;
      single.form_slices = scheduled.form_slices;
      single.may_run_single_tree = false;
      const auto optimum = run.steady_state_optimum;
      const auto own_tree = run.best_own_tree_makespan;
      run.steady_state_optimum.reset();
      run.plan_children.clear();
      simulate_multi_tree_plan(run, single, engine, hosts, pairwise, links, options, port);
      run.steady_state_optimum = optimum;
      run.best_own_tree_makespan = own_tree;
      run.own_model = note;
      return;
    }
  } else if (scheduled.may_run_single_tree && best_makespan < timeline.makespan) {
    run.own_model += fmt::format("; tree {} alone (predicted {:.6g} s, the {} form {:.6g} s)", best_tree + 1,
                                 best_makespan, run.plan_form, timeline.makespan);
    const std::vector<WeightedTree> alone{{1.0, trees[best_tree]}};
    ScheduleResult single;
    single.weighted_trees = alone;
    run.plan_weights.clear();
    run.plan_children.clear();
    run.plan_schedule = {};
    run.plan_form_slices = 0;
    const std::string note = run.own_model;
    // The tree alone packs no optimum: its own prediction is the pairwise one.
    const auto optimum = run.steady_state_optimum;
    run.steady_state_optimum.reset();
    simulate_multi_tree_plan(run, single, engine, hosts, pairwise, links, options, port);
    run.steady_state_optimum = optimum;
    run.own_model = note;
    run.plan_form = "one tree";  // the row says the form did not run (no form in its plan file)
    return;
  }
  run.own = run.pairwise;
  if (run.steady_state_optimum) {  // own: the optimum's period after the form's own start-up
    run.own.period = optimum_period;
    run.own.throughput = slice_bytes / optimum_period;
  }
  if (!options.replay)
    return;
  const FormReplayOptions replay_options{message.count, message.slices, 0.0, name};
  set_activity("replaying the %s multi-tree plan", run.plan_form.c_str());
  const ReplayResult replay =
      scheduled.form == MultiTreeForm::capped
          ? replay_capped(engine, trees, weights, run.plan_form_slices, run.plan_receives_posted, hosts, replay_options)
          : replay_periodic(engine, trees, weights, run.plan_schedule, hosts, replay_options);
  record_replay(run, replay, options.slices);
}

}  // namespace hbcast::cli
