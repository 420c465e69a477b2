#include <hbcast/grid/grid_flat.hpp>

#include <utility>
#include <vector>

namespace hbcast {

GridSchedule schedule_grid_flat(const GridInstance& instance)
{
  std::vector<std::pair<std::size_t, std::size_t>> decisions;
  for (std::size_t j = 0; j < instance.cluster_count(); ++j)
    if (j != instance.root_cluster())
      decisions.emplace_back(instance.root_cluster(), j);
  return time_grid_schedule(instance, decisions);
}

}  // namespace hbcast
