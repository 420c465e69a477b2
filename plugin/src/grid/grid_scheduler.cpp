#include <hbcast/grid/grid_scheduler.hpp>

#include <hbcast/grid/grid_broadcast_tree.hpp>
#include <hbcast/grid/grid_cost_model.hpp>
#include <hbcast/grid/grid_instance_builder.hpp>
#include <hbcast/model/latency_clustering.hpp>

namespace hbcast {

ScheduleResult schedule_on_grid(const BroadcastInstance& instance, NodeId root, const GridHeuristic& heuristic)
{
  const HostClustering clustering = cluster_by_latency(instance.costs(), kGridClusteringTolerance);
  const GridInstance grid = grid_instance_from_costs(instance.costs(), clustering, root, instance.transfer_bytes());
  const GridSchedule schedule = heuristic.schedule(grid);
  return {grid_broadcast_tree(grid, schedule, instance.size()), std::make_shared<GridCostModel>(grid),
          "pLogP grid model (" + std::to_string(grid.cluster_count()) + " clusters, rho 0.30)"};
}

}  // namespace hbcast
