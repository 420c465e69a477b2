#pragma once
#include <hbcast/model/cost_model.hpp>
#include <hbcast/model/link_route_model.hpp>
#include <hbcast/model/port_model.hpp>
#include <hbcast/model/schedule_result.hpp>
#include <hbcast/simulation/simulate_options.hpp>
#include <hbcast/simulation/simulation_report.hpp>

#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>

#include <vector>

namespace hbcast::cli {

/// Predicts and replays a multi-tree plan (scheduled.weighted_trees) into `run`, in its form:
/// - concurrent (`multi-tree`): own prediction, the period 1 / (sum of the weights), the
///   steady-state optimum the plan packs; pairwise, the plan's own busiest port, arc or shared link
///   (plan_period, `links` if known); makespans, the pipeline fill (the slowest tree's one-slice
///   makespan) + (K - 1) periods; simulation, replay_multi_tree with the slices interleaved by weight.
/// - capped and periodic: predicted transfer by transfer (capped_timeline, periodic_timeline; own:
///   the optimum's period), replayed by replay_capped and replay_periodic, the message cut at byte
///   boundaries. The periodic form's period is the one asked for (scheduled.form_slices) or the
///   power of two up to K with the smallest predicted makespan; its slots come from
///   decompose_period (with the shared links of `links`).
void simulate_multi_tree_plan(SchedulerRun& run, const ScheduleResult& scheduled, simgrid::s4u::Engine& engine,
                              const std::vector<simgrid::s4u::Host*>& hosts, const CostModel& pairwise,
                              const LinkRouteModel* links, const SimulateOptions& options, PortModel port);

}  // namespace hbcast::cli
