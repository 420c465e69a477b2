#include <hbcast/grid/grid_scheduler.hpp>

#include <hbcast/grid/grid_broadcast_tree.hpp>
#include <hbcast/grid/grid_cost_model.hpp>
#include <hbcast/grid/grid_instance_builder.hpp>
#include <hbcast/model/latency_clustering.hpp>

#include <cstdio>

namespace hbcast {
namespace {

// e.g. "pLogP grid model (6 clusters, rho 0.30)"
std::string model_description(std::size_t clusters)
{
  char rho[32];
  std::snprintf(rho, sizeof rho, "%.2f", kLowekampTolerance);
  return "pLogP grid model (" + std::to_string(clusters) + " clusters, rho " + rho + ")";
}

}  // namespace

ScheduleResult schedule_on_grid(const BroadcastInstance& instance, NodeId root, const GridHeuristic& heuristic)
{
  const GridInstance grid =
      grid_instance_from_costs(instance.costs(), instance.latency_clusters(), root, instance.transfer_bytes());
  const GridSchedule schedule = heuristic.schedule(grid);
  return {grid_broadcast_tree(grid, schedule, instance.size()), std::make_shared<GridCostModel>(grid),
          model_description(grid.cluster_count())};
}

}  // namespace hbcast
