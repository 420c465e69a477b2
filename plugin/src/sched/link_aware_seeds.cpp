#include <hbcast/sched/link_aware_seeds.hpp>

#include <hbcast/eval/link_prediction.hpp>
#include <hbcast/eval/max_min_prediction.hpp>
#include <hbcast/eval/pipeline_evaluator.hpp>
#include <hbcast/grid/grid_heuristic_registry.hpp>
#include <hbcast/grid/grid_scheduler.hpp>
#include <hbcast/link_aware/link_aware_schedule.hpp>
#include <hbcast/sched/binomial.hpp>
#include <hbcast/sched/flat.hpp>
#include <hbcast/sender_only/fnf.hpp>

#include <algorithm>
#include <exception>
#include <functional>
#include <vector>

namespace hbcast {
namespace {

thread_local int contending_seeds_off = 0;

}  // namespace

WithoutContendingSeeds::WithoutContendingSeeds() { ++contending_seeds_off; }
WithoutContendingSeeds::~WithoutContendingSeeds() { --contending_seeds_off; }

double contending_lower_bound(const BroadcastTree& shape, const CostModel& costs, const LinkRouteModel& links,
                              double slice_bytes, std::size_t slices, PortModel port)
{
  return std::max(evaluate_pipelined(shape, costs, slice_bytes, slices, port).makespan,
                  link_lower_bound(shape, costs, links, slice_bytes * static_cast<double>(slices)));
}

ScheduleResult with_link_timed_seeds(ScheduleResult own, const BroadcastInstance& instance, NodeId root,
                                     const std::string& who)
{
  if (instance.size() > kLinkSeedHosts || instance.size() < 3)
    return own;
  const auto& grid = grid_heuristics();
  const auto ecef = std::find_if(grid.begin(), grid.end(), [](const GridHeuristic& h) { return h.name == "ecef"; });
  std::vector<std::function<ScheduleResult()>> seeds = {
      [&] { return schedule_flat(instance, root); },
      [&] { return schedule_binomial(instance, root); },
      [&] { return schedule_fnf(instance, root); },
  };
  if (ecef != grid.end())
    seeds.emplace_back([&] { return schedule_on_grid(instance, root, *ecef); });
  double best = link_timed_makespan(own.tree, instance, who);
  const bool contend = contending_seeds_off == 0;
  const auto links = instance.links(who);
  const auto costs = link_aware_costs(instance, who);
  for (const auto& seed : seeds) {
    try {
      BroadcastTree shape = seed().tree;
      BroadcastTree timed = link_timed(shape, instance, root, who);
      const double makespan = link_timed_makespan(timed, instance, who);
      if (makespan < best) {
        best = makespan;
        own = link_aware_result(std::move(timed), instance, who);
      }
      // Left to contend, its transfers share the links at partial rates (max-min). Sharing only
      // slows a transfer, so the ports' recurrence and the links' loads bound it from below: no
      // fluid run when that bound cannot win. The seeds left are few, so the fluid model runs on
      // them whatever their size.
      if (!contend)
        continue;
      if (contending_lower_bound(shape, *costs, *links, instance.transfer_bytes(), instance.slices(),
                                 instance.port()) >= best)
        continue;
      const double shared =
          predict_max_min(shape, *costs, *links, instance.transfer_bytes(), instance.slices(), instance.port()).makespan;
      if (shared < best) {
        best = shared;
        own = ScheduleResult{};
        own.tree = std::move(shape);
        own.own_model = costs;
        own.own_model_name = kContendingSeedModel;
      }
    } catch (const std::exception&) {
      // A seed that does not apply here (an unrouted pair, a model it needs) is no candidate.
    }
  }
  return own;
}

}  // namespace hbcast
