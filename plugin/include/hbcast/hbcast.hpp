#pragma once
// hbcast's entry header: everything a user of the installed library needs, and the API that stays
// stable (docs/library.md lists it). Link with hbcast::simgrid (find_package(hbcast)).
//
//   load a platform         LoadedPlatform::load, PlatformCostModel, BroadcastInstance
//   list and run schedulers scheduler_registry, find_scheduler, run_scheduler, register_scheduler
//   predict a tree          evaluate_atomic, evaluate_pipelined, steady_state_period
//   replay a tree           TreeBroadcast::start (from an actor of any s4u simulation), replay_tree,
//                           MultiTreeBroadcast, delivery_time, sg_hbcast_plugin_init
//   one scheduler end to end  simulate_scheduler (what `hbcast simulate` runs for each scheduler)
//   read and write plans    BroadcastPlan, plan_to_json, plan_from_json, load_plan_file,
//                           to_plan_tree, to_broadcast_tree
#include <hbcast/core/broadcast_tree.hpp>
#include <hbcast/eval/atomic_evaluator.hpp>
#include <hbcast/eval/pipeline_evaluator.hpp>
#include <hbcast/model/broadcast_instance.hpp>
#include <hbcast/model/port_model.hpp>
#include <hbcast/model/schedule_result.hpp>
#include <hbcast/plan/broadcast_plan.hpp>
#include <hbcast/plan/plan_json.hpp>
#include <hbcast/plan/plan_tree.hpp>
#include <hbcast/platform/exact_mode.hpp>
#include <hbcast/platform/loaded_platform.hpp>
#include <hbcast/platform/platform_cost_model.hpp>
#include <hbcast/replay/hbcast_plugin.hpp>
#include <hbcast/replay/multi_tree_broadcast.hpp>
#include <hbcast/replay/replay_tree.hpp>
#include <hbcast/replay/tree_broadcast.hpp>
#include <hbcast/sched/scheduler_registry.hpp>
#include <hbcast/simulation/scheduler_simulation.hpp>

#include <simgrid/s4u.hpp>

namespace hbcast {

/// One scheduler end to end (platform, tree, predictions, replay) in a fresh engine: one call per
/// process. The command-line applications keep these in hbcast::cli.
using cli::SimulateOptions;
using cli::SimulationReport;
using cli::simulate_scheduler;

}  // namespace hbcast
