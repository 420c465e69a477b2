#include <hbcast/sched/link_aware_seeds.hpp>

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
  for (const auto& seed : seeds) {
    try {
      BroadcastTree timed = link_timed(seed().tree, instance, root, who);
      const double makespan = link_timed_makespan(timed, instance, who);
      if (makespan < best) {
        best = makespan;
        own = link_aware_result(std::move(timed), instance, who);
      }
    } catch (const std::exception&) {
      // A seed that does not apply here (an unrouted pair, a model it needs) is no candidate.
    }
  }
  return own;
}

}  // namespace hbcast
