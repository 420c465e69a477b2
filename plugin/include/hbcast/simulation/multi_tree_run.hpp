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

/// Predicts and replays a multi-tree plan into `run`. Own prediction: the
/// period 1 / (sum of the weights), the steady-state optimum the plan packs. Pairwise: the plan's
/// own busiest port, arc or shared link (plan_period, `links` if known). Makespans: the pipeline
/// fill (the slowest tree's one-slice makespan) + (K - 1) periods. Simulation: replay_multi_tree
/// with the slices interleaved by weight; its observed period past the fill.
void simulate_multi_tree_plan(SchedulerRun& run, const std::vector<WeightedTree>& plan, simgrid::s4u::Engine& engine,
                              const std::vector<simgrid::s4u::Host*>& hosts, const CostModel& pairwise,
                              const LinkRouteModel* links, const SimulateOptions& options, PortModel port);

}  // namespace hbcast::cli
